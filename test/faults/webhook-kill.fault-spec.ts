import { randomBytes } from 'node:crypto';
import { jsonRequest, signUpWithKey } from '../support/fault-client';
import { ServiceProcess, spawnReady } from '../support/service-process';
import { waitFor } from '../support/wait-for';
import { PostgresServer } from './support/postgres-server';
import { RecordingReceiver, Receipt } from './support/recording-receiver';
import { makeAttempts, newTally, printTally, reconcile, sendAdd } from './support/reconcile';

/**
 * Webhook deliveries across a kill -9 of the instance that is delivering. Two instances of the
 * built service share one database; the receiver holds open every request of the first instance
 * to deliver, which is then killed with SIGKILL mid-delivery (no shutdown: its leases simply
 * stay). Reconciled against the items the database holds: every item's `item.added` event is
 * delivered at least once, each event always under one `webhook-id`, and an event is delivered
 * twice only when the killed instance held it, the second time by the survivor after the
 * killed one's lease had run out.
 */
jest.setTimeout(120_000);

const LEASE_MS = 6_000;

describe('webhook deliveries across a kill -9 of the delivering instance', () => {
  const pg = new PostgresServer();
  const instances: ServiceProcess[] = [];
  let receiver: RecordingReceiver;

  beforeAll(async () => {
    await pg.init();
  });

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await receiver?.stop();
    await pg.destroy();
  });

  it('loses none, and repeats only what the killed instance held, with the same webhook-id, after its lease', async () => {
    const env = {
      DATABASE_URL: pg.url,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      // The killed instance's requests are held open: it must be killed before this fires.
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_LEASE_MS: String(LEASE_MS),
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_BATCH_SIZE: '5',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
    };
    // One at a time: both run the migrations' advisory lock anyway, and the machine may be small.
    // `instances` holds every process started (stopped after the spec), `serving` the two ready.
    const track = (instance: ServiceProcess) => instances.push(instance);
    const serving = [await spawnReady(env, { track }), await spawnReady(env, { track })];
    receiver = await new RecordingReceiver(() => serving.map((instance) => instance.child.pid!)).start();

    const base = (instance: ServiceProcess) => `http://127.0.0.1:${instance.port}`;
    const key = await signUpWithKey(base(serving[0]));
    const webhook = await jsonRequest(serving[0].port, 'POST', '/v1/webhooks', {
      key,
      body: { url: receiver.url('/hook'), types: ['item.added'] },
    });
    expect(webhook.status).toBe(200);
    const list = await jsonRequest(serving[1].port, 'POST', '/v1/lists', { key, body: { name: 'webhook kill' } });
    expect(list.status).toBe(200);
    const listId: string = list.body.data.list.id;

    // Adds through both instances, ten at a time, until the first delivery is held.
    const before = makeAttempts('before-kill', 40);
    const sending = (async () => {
      for (let i = 0; i < before.length; i += 10) {
        await Promise.all(before.slice(i, i + 10).map((attempt, n) => sendAdd(base(serving[n % 2]), key, listId, attempt)));
        if (receiver.victim) return;
      }
    })();
    const victimPid = await waitFor(() => receiver.victim, { what: 'a first delivery, held open', timeoutMs: 30_000 });
    const victim = serving.find((instance) => instance.child.pid === victimPid)!;
    const survivor = serving.find((instance) => instance !== victim)!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    // The leases as they stand when the killed instance has gone, its own among them: nobody
    // else may claim those deliveries before they end.
    const leases = await pg.client(async (db) => {
      const { rows } = await db.query<{ event_id: string; locked_until: Date }>(
        'SELECT event_id, locked_until FROM webhook_deliveries WHERE locked_until IS NOT NULL',
      );
      return new Map(rows.map((row) => [row.event_id, row.locked_until.getTime()]));
    });
    await sending;

    // More adds through the survivor; then every add settles (retried with its key where unanswered).
    const after = makeAttempts('after-kill', 10);
    await Promise.all(after.map((attempt) => sendAdd(base(survivor), key, listId, attempt)));
    const tally = newTally();
    tally.faults.push('delivering instance killed (SIGKILL)');
    await pg.client((db) => reconcile(base(survivor), key, listId, [...before, ...after], db, tally));
    printTally(tally);
    expect(tally).toMatchObject({ lost: 0, duplicated: 0, phantom: 0, errors500: 0 });

    // Reconcile deliveries with what the database holds: one item.added event per stored item.
    const itemIds = await pg.client(async (db) => {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM items WHERE list_id = $1', [listId]);
      return rows.map((row) => row.id);
    });
    expect(itemIds).toHaveLength(before.length + after.length);
    const itemOf = (receipt: Receipt) => (JSON.parse(receipt.body) as { data: { item: { id: string } } }).data.item.id;
    await waitFor(() => new Set(receiver.receipts.filter((r) => !r.held).map(itemOf)).size === itemIds.length, {
      what: () => `every item's event answered (${receiver.receipts.filter((r) => !r.held).length} of ${itemIds.length})`,
      timeoutMs: 30_000,
    });
    await waitFor(
      () =>
        pg.client(async (db) => {
          const { rows } = await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'`);
          return rows[0].n === 0;
        }),
      { what: 'every delivery recorded as succeeded', timeoutMs: 15_000 },
    );

    // What the killed instance was sending: only known now, since a request it wrote before the
    // kill can wait in the kernel until the receiver reads it, after the kill.
    const heldIds = new Set(receiver.receipts.filter((r) => r.held).map((r) => r.webhookId));
    expect(heldIds.size).toBeGreaterThanOrEqual(1);
    expect([...heldIds].filter((id) => !leases.has(id))).toEqual([]);

    const byWebhookId = new Map<string, Receipt[]>();
    for (const receipt of receiver.receipts) byWebhookId.set(receipt.webhookId, [...(byWebhookId.get(receipt.webhookId) ?? []), receipt]);
    // Every stored item delivered; every webhook-id names one event, the one in its body.
    expect(new Set(receiver.receipts.map(itemOf))).toEqual(new Set(itemIds));
    expect(byWebhookId.size).toBe(itemIds.length);
    for (const [webhookId, receipts] of byWebhookId) {
      expect(new Set(receipts.map((r) => (JSON.parse(r.body) as { id: string }).id))).toEqual(new Set([webhookId]));
      expect(new Set(receipts.map(itemOf)).size).toBe(1);
    }
    // A duplicate only where the killed instance held the delivery: sent once by each, the
    // survivor signing it after the killed instance's lease had ended.
    const duplicated = [...byWebhookId].filter(([, receipts]) => receipts.length > 1);
    let repeats = 0;
    for (const [webhookId, receipts] of duplicated) {
      expect(heldIds.has(webhookId)).toBe(true);
      expect(receipts.map((r) => r.senderPid)).toEqual([victimPid, survivor.child.pid]);
      expect(receipts[1].signedAt).toBeGreaterThanOrEqual(Math.floor(leases.get(webhookId)! / 1000));
      repeats += 1;
    }
    expect(repeats).toBe(heldIds.size);
    expect(receiver.receipts.filter((r) => r.senderPid !== victimPid && r.senderPid !== survivor.child.pid)).toEqual([]);
    process.stdout.write(
      `[faults] webhooks: ${itemIds.length} events, ${receiver.receipts.length} requests, ` +
        `${heldIds.size} held by the killed instance and sent again after its lease, 0 lost\n`,
    );
  });
});
