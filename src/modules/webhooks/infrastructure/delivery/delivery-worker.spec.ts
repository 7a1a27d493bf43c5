import { accountViewer } from '../../../../common/auth/reach';
import { webhooksFixture } from '../../testing/webhooks-fixture';
import { waitFor } from '../../../../../test/support/wait-for';
import { DeliveryWorker } from './delivery-worker';

const USER = '00000000-0000-4000-8000-0000000000aa';

/** The shared bounded wait of every spec (no fixed sleeps): resolves once `check` holds. */
const eventually = (check: () => Promise<boolean>, what: string) => waitFor(check, { what, timeoutMs: 2_000, intervalMs: 2 });

describe('DeliveryWorker', () => {
  it('sends what is due when nudged, retries when the clock says so, and stops cleanly', async () => {
    const f = webhooksFixture();
    const worker = new DeliveryWorker(
      f.deliveries,
      f.attempts,
      f.clock,
      { pollIntervalMs: 60_000, leaseMs: 30_000, batchSize: 2 },
      undefined,
      ['live'],
    );
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    worker.onApplicationBootstrap();
    try {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await f.service.sendTest(accountViewer(USER), webhook.id));
      worker.nudge();
      await eventually(async () => f.sender.sent.length === 5, 'five sends (batches of two, one round)');
      for (const d of made) expect((await f.deliveries.findOfWebhook(webhook.id, d.id))?.status).toBe('succeeded');

      f.sender.script.push({ kind: 'answered', statusCode: 500, retryAfter: null });
      const failing = await f.service.sendTest(accountViewer(USER), webhook.id);
      worker.nudge();
      await eventually(async () => (await f.deliveries.findOfWebhook(webhook.id, failing.id))?.attempts === 1, 'the failure');
      expect(f.sender.sent).toHaveLength(6);
      // Due again only 5 s later on the (fake) clock.
      expect((await f.deliveries.findOfWebhook(webhook.id, failing.id))?.nextAttemptAt).toEqual(new Date(f.clock.now().getTime() + 5_000));
      f.clock.advance(5_000);
      worker.nudge();
      await eventually(async () => (await f.deliveries.findOfWebhook(webhook.id, failing.id))?.status === 'succeeded', 'the retry');
    } finally {
      await worker.onModuleDestroy();
    }
    // Stopped: a nudge does nothing.
    await f.service.sendTest(accountViewer(USER), webhook.id);
    worker.nudge();
    expect(f.sender.sent).toHaveLength(7);
  });
});
