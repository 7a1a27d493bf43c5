import { DataSource } from 'typeorm';
import { DeliveryRepository } from '../src/modules/webhooks/domain/delivery.repository';
import { DeliveryWorker } from '../src/modules/webhooks/infrastructure/delivery/delivery-worker';
import { attemptDelivery } from './support/held-attempt';
import { client, makeCaller } from './support/lists-client';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/**
 * Deleting a webhook while one of its deliveries' results is being written: the worker's
 * transaction (DeliveryAttempts) locks the webhook row, then writes the delivery row and the
 * webhook's failure streak. The delete must take the rows in that same order, or each holds
 * what the other waits for and PostgreSQL ends one of them (a deadlock: a 503 for the caller).
 */
describe('deleting a webhook while a delivery result is recorded', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, {}, { ownDatabase: 'webhook_delete' });
    // The interleaving is driven by hand below: the background worker stays out of it.
    await t.app.get(DeliveryWorker).onModuleDestroy();
  });
  afterAll(() => t.close());

  it('answers 200 and lets the result be written, without a deadlock', async () => {
    const owner = await makeCaller(t.app);
    const as = client(t.server, owner.key);
    const webhookId: string = (await as.post('/v1/webhooks', { url: 'http://127.0.0.1:9/race' }).expect(200)).body.data.webhook.id;
    await as.post(`/v1/webhooks/${webhookId}/test`).expect(200);

    const deliveries = t.app.get(DeliveryRepository);
    const now = new Date();
    const [claim] = await deliveries.claimDue(new Date(now.getTime() + 1_000), new Date(now.getTime() + 60_000), 10);
    expect(claim.webhook.id).toBe(webhookId);

    // The worker's own transaction, held before it writes the webhook's failure streak.
    const recording = attemptDelivery(t.app, claim, { kind: 'failed', error: 'ECONNREFUSED' }, true);
    await recording.reached;

    const deleting = as.delete(`/v1/webhooks/${webhookId}`).then((res) => res);
    const db = t.app.get(DataSource);
    await waitFor(
      async () => {
        const rows = await db.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%DELETE FROM%'`,
        );
        return rows[0].n > 0;
      },
      { what: 'the delete waiting for the rows the recording holds' },
    );
    recording.release();

    await expect(recording.done).resolves.toMatchObject({ kind: 'retry' });
    const res = await deleting;
    expect({ status: res.status, error: res.body?.error ?? null }).toEqual({ status: 200, error: null });
    const left = await db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1', [
      webhookId,
    ]);
    expect(left[0].n).toBe(0);
  });
});
