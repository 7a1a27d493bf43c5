import { DataSource } from 'typeorm';
import { UnitOfWork } from '../src/common/ports/unit-of-work';
import type { ClaimedDelivery } from '../src/modules/webhooks/domain/delivery';
import { DeliveryRepository } from '../src/modules/webhooks/domain/delivery.repository';
import { WebhookRepository } from '../src/modules/webhooks/domain/webhook.repository';
import { DeliveryWorker } from '../src/modules/webhooks/infrastructure/delivery/delivery-worker';
import { attemptDelivery } from './support/held-attempt';
import { client, makeCaller } from './support/lists-client';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/**
 * Two results of one webhook's deliveries recorded at once, one of which disables the webhook,
 * and the webhooks of an account deleted (the sandbox reset) while a result is recorded. Each
 * transaction touches the webhook row and delivery rows of that webhook; unless every one takes
 * them in the same order, each can hold what the other waits for, and PostgreSQL ends one of
 * them (a deadlock: the result is lost until the lease runs out, or the reset answers 503).
 * The retention janitor deletes delivery rows of many webhooks in the order its plan picks, so
 * it must never wait for a row another transaction holds.
 */
describe('recording delivery results while the webhook is disabled or deleted', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, {}, { ownDatabase: 'webhook_disable' });
    // The interleaving is driven by hand below: the background worker stays out of it.
    await t.app.get(DeliveryWorker).onModuleDestroy();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** A webhook of a new account with two deliveries, both claimed (the worker's lease). */
  async function webhookWithTwoClaims(): Promise<{ userId: string; webhookId: string; claims: ClaimedDelivery[] }> {
    const owner = await makeCaller(t.app);
    const as = client(t.server, owner.key);
    const webhookId: string = (await as.post('/v1/webhooks', { url: 'http://127.0.0.1:9/race' }).expect(200)).body.data.webhook.id;
    await as.post(`/v1/webhooks/${webhookId}/test`).expect(200);
    await as.post(`/v1/webhooks/${webhookId}/test`).expect(200);
    const now = new Date();
    const claims = await t.app.get(DeliveryRepository).claimDue(new Date(now.getTime() + 1_000), new Date(now.getTime() + 60_000), 10);
    expect(claims.map((c) => c.webhook.id)).toEqual([webhookId, webhookId]);
    return { userId: owner.id, webhookId, claims };
  }

  const aBackendWaitsForALock = () =>
    waitFor(
      async () => {
        const rows = await db.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows[0].n > 0;
      },
      { what: 'the second transaction waiting for a row the held one has locked' },
    );

  it('disables the webhook on a 410 while another delivery of it records a failure, without a deadlock', async () => {
    const { webhookId, claims } = await webhookWithTwoClaims();
    const [gone, failing] = claims;

    const held = attemptDelivery(t.app, failing, { kind: 'answered', statusCode: 500, retryAfter: null }, true);
    await held.reached;
    const disabling = attemptDelivery(t.app, gone, { kind: 'answered', statusCode: 410, retryAfter: null });
    await aBackendWaitsForALock();
    held.release();

    const outcomes = await Promise.allSettled([held.done, disabling.done]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.kind : String(o.reason)))).toEqual(['retry', 'failed']);
    const [webhook] = await db.query<Array<{ status: string; disabled_reason: string }>>(
      'SELECT status, disabled_reason FROM webhooks WHERE id = $1',
      [webhookId],
    );
    expect(webhook).toEqual({ status: 'disabled', disabled_reason: 'the endpoint answered 410 Gone' });
    const deliveries = await db.query<Array<{ id: string; status: string; attempts: number; last_error: string }>>(
      'SELECT id, status, attempts, last_error FROM webhook_deliveries WHERE webhook_id = $1',
      [webhookId],
    );
    expect(new Map(deliveries.map((d) => [d.id, { status: d.status, attempts: d.attempts, last_error: d.last_error }]))).toEqual(
      new Map([
        [gone.delivery.id, { status: 'failed', attempts: 1, last_error: 'HTTP 410' }],
        [failing.delivery.id, { status: 'failed', attempts: 1, last_error: 'webhook disabled: the endpoint answered 410 Gone' }],
      ]),
    );
  });

  it("deletes the account's webhooks (the sandbox reset) while a result is recorded, without a deadlock", async () => {
    const { userId, webhookId, claims } = await webhookWithTwoClaims();

    const held = attemptDelivery(t.app, claims[0], { kind: 'answered', statusCode: 500, retryAfter: null }, true);
    await held.reached;
    const deleting = t.app.get(UnitOfWork).run(() => t.app.get(WebhookRepository).deleteAllOf(userId));
    await aBackendWaitsForALock();
    held.release();

    const outcomes = await Promise.allSettled([held.done, deleting]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual([
      expect.objectContaining({ kind: 'retry' }),
      1,
    ]);
    const left = await db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1', [
      webhookId,
    ]);
    expect(left[0].n).toBe(0);
  });

  it('purges old finished deliveries without waiting for one that another transaction holds', async () => {
    const { webhookId, claims } = await webhookWithTwoClaims();
    await db.query(`UPDATE webhook_deliveries SET status = 'succeeded', updated_at = '2000-01-01' WHERE webhook_id = $1`, [webhookId]);
    const holder = db.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query('SELECT id FROM webhook_deliveries WHERE id = $1 FOR UPDATE', [claims[0].delivery.id]);
      let purged: number | undefined;
      const purging = t.app
        .get(DeliveryRepository)
        .purgeFinishedBefore(new Date('2001-01-01'), 100)
        .then((n) => (purged = n));
      await waitFor(() => purged !== undefined, { what: 'the purge ending while a delivery row is locked' });
      await purging;
      expect(purged).toBe(1);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    const left = await db.query<Array<{ id: string }>>('SELECT id FROM webhook_deliveries WHERE webhook_id = $1', [webhookId]);
    expect(left.map((row) => row.id)).toEqual([claims[0].delivery.id]);
  });
});
