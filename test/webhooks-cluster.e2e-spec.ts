import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../src/database/data-source';
import type { KeyMode } from '../src/common/auth/principal';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { ownsConnection } from './support/process-connections';
import { storedAccount } from './support/stored-account';
import { recordSecret } from './support/secret-ledger';
import { closeCluster } from './support/cluster';
import { ServiceProcess, spawnInstances } from './support/service-process';
import { feedPath, feedUntil } from './support/feed';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Two instances of the built service (dist/main.js) on one database share the delivery queue:
 * every delivery is sent, none twice, and one held by an instance killed mid-delivery (SIGKILL:
 * no shutdown, its lease simply stays) is sent by the other once the lease has expired.
 */
/** What this spec reads of a feed event. */
interface FeedEvent {
  id: string;
  list: { name: string };
}

describe('webhook deliveries across two instances', () => {
  const env = {
    // Set in beforeAll: a database of the spec's own, so that no other spec's app (each runs a
    // delivery worker, with another master key) claims these deliveries.
    DATABASE_URL: '',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_TIMEOUT_MS: '3000',
    // Long enough that a delivery on a busy machine finishes well within its lease (else it would be sent twice).
    WEBHOOK_LEASE_MS: '6000',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    WEBHOOK_BATCH_SIZE: '5',
    RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'warn',
  };
  let instances: ServiceProcess[] = [];
  let receiver: WebhookReceiver;
  let key: string;
  /** The account's test key (sk_test_): the same instances, the sandbox's deliveries. */
  let testKey: string;
  let db: DataSource;
  let database: OwnDatabase | undefined;

  const call = async (instance: ServiceProcess, method: string, path: string, body?: object, mode: KeyMode = 'live') => {
    const res = await fetch(`http://127.0.0.1:${instance.port}${path}`, {
      method,
      headers: { 'X-API-Key': mode === 'live' ? key : testKey, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: any; error: string | null };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${json.error}`);
    return json.data;
  };

  beforeAll(async () => {
    database = await ownDatabase('webhooks_cluster');
    env.DATABASE_URL = database.url;
    db = await openDatabase({ url: env.DATABASE_URL, poolSize: 2, connectTimeoutS: 10 }, pino({ level: 'silent' }));
    const suffix = randomBytes(5).toString('hex');
    ({ live: key, test: testKey } = (
      await storedAccount(db, { email: `cluster_${suffix}@example.test`, username: `cluster_${suffix}`, name: 'Cluster' }, ['live', 'test'])
    ).keys);
    receiver = await new WebhookReceiver().start();
    instances = await spawnInstances(env, 2);
  }, 120_000);

  afterAll(() => closeCluster({ instances, receiver, db, database }));

  it('sends every delivery exactly once when both instances are working the queue', async () => {
    const path = `/many-${randomBytes(4).toString('hex')}`;
    const webhook = (await call(instances[0], 'POST', '/v1/webhooks', { url: receiver.url(path) })).webhook;
    recordSecret('webhook secret', webhook.secret);
    const eventIds: string[] = [];
    for (let i = 0; i < 40; i++) {
      eventIds.push((await call(instances[i % 2], 'POST', `/v1/webhooks/${webhook.id}/test`)).delivery.event_id);
    }
    await waitFor(() => new Set(receiver.at(path).map((r) => r.headers['webhook-id'])).size === eventIds.length, {
      what: () => `all ${eventIds.length} deliveries (received ${receiver.at(path).length})`,
      timeoutMs: 20_000,
    });
    const page = await call(instances[1], 'GET', `/v1/webhooks/${webhook.id}/deliveries?limit=100`);
    await waitFor(
      async () =>
        (await call(instances[1], 'GET', `/v1/webhooks/${webhook.id}/deliveries?limit=100`)).deliveries.every(
          (d: { status: string }) => d.status === 'succeeded',
        ),
      {
        what: 'every delivery recorded as succeeded',
      },
    );
    expect(page.deliveries).toHaveLength(40);
    const counts = new Map<string, number>();
    for (const r of receiver.at(path)) counts.set(r.headers['webhook-id'], (counts.get(r.headers['webhook-id']) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...eventIds].sort());
    for (const r of receiver.at(path)) expect(WebhookReceiver.verifyAsSent(webhook.secret, r)).toMatchObject({ type: 'webhook.test' });
  }, 60_000);

  it('relays every recorded event once, whichever instance recorded it and both relaying', async () => {
    const path = `/events-${randomBytes(4).toString('hex')}`;
    const webhook = (await call(instances[1], 'POST', '/v1/webhooks', { url: receiver.url(path), types: ['item.added'] })).webhook;
    recordSecret('webhook secret', webhook.secret);
    const list = (await call(instances[0], 'POST', '/v1/lists', { name: `relay ${randomBytes(4).toString('hex')}` })).list;
    const itemIds: string[] = [];
    await Promise.all(
      [0, 1].map(async (n) => {
        for (let i = 0; i < 15; i++) {
          const added = await call(instances[n], 'POST', '/v1/actions/add', {
            list: list.id,
            items: [`from ${n} #${i}`, `and ${n} #${i}`],
          });
          itemIds.push(...added.items.map((item: { id: string }) => item.id));
        }
      }),
    );
    await waitFor(() => new Set(receiver.at(path).map((r) => r.headers['webhook-id'])).size === itemIds.length, {
      what: () => `all ${itemIds.length} item.added events (received ${receiver.at(path).length})`,
      timeoutMs: 20_000,
    });
    const counts = new Map<string, number>();
    for (const r of receiver.at(path)) counts.set(r.headers['webhook-id'], (counts.get(r.headers['webhook-id']) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    const delivered = receiver
      .at(path)
      .map((r) => (WebhookReceiver.verifyAsSent(webhook.secret, r) as { data: { item: { id: string } } }).data.item.id);
    expect(delivered.sort()).toEqual([...itemIds].sort());
  }, 60_000);

  it('sends the deliveries of both modes exactly once each, to their own webhooks, with both instances working both queues', async () => {
    const modes: KeyMode[] = ['live', 'test'];
    const tag = randomBytes(4).toString('hex');
    const path = (mode: KeyMode) => `/modes-${mode}-${tag}`;
    const webhooks = Object.fromEntries(
      await Promise.all(
        modes.map(async (mode, n) => {
          const webhook = (await call(instances[n], 'POST', '/v1/webhooks', { url: receiver.url(path(mode)) }, mode)).webhook;
          recordSecret('webhook secret', webhook.secret);
          return [mode, webhook];
        }),
      ),
    ) as Record<KeyMode, { id: string; secret: string }>;
    const eventIds: Record<KeyMode, string[]> = { live: [], test: [] };
    // Both modes at once, each sending through both instances: test events and item.added events.
    await Promise.all(
      modes.map(async (mode) => {
        const list = (await call(instances[0], 'POST', '/v1/lists', { name: `modes ${tag}` }, mode)).list;
        for (let i = 0; i < 10; i++) {
          eventIds[mode].push(
            (await call(instances[i % 2], 'POST', `/v1/webhooks/${webhooks[mode].id}/test`, undefined, mode)).delivery.event_id,
          );
          await call(instances[(i + 1) % 2], 'POST', '/v1/actions/add', { list: list.id, items: [`${mode} #${i}`] }, mode);
        }
      }),
    );
    for (const mode of modes) {
      // Every event of the mode: the feed has the list's and items', the test events are apart
      // from it. The feed may lag the acknowledged writes a moment (feedUntil).
      const ours = (events: FeedEvent[]) => events.filter((e) => e.list.name === `modes ${tag}`);
      const feed = await feedUntil(
        (after) => call(instances[1], 'GET', feedPath(after), undefined, mode),
        (events: FeedEvent[]) => ours(events).length >= 1 + 10,
        { what: `the ${mode} list's 11 events` },
      );
      const listEvents = ours(feed.events);
      eventIds[mode].push(...listEvents.map((e) => e.id));
      expect(eventIds[mode]).toHaveLength(10 + 1 + 10);
    }
    for (const mode of modes) {
      await waitFor(() => new Set(receiver.at(path(mode)).map((r) => r.headers['webhook-id'])).size === eventIds[mode].length, {
        what: () => `all ${eventIds[mode].length} ${mode} deliveries (received ${receiver.at(path(mode)).length})`,
        timeoutMs: 20_000,
      });
      await waitFor(
        async () =>
          (await call(instances[0], 'GET', `/v1/webhooks/${webhooks[mode].id}/deliveries?limit=100`, undefined, mode)).deliveries.every(
            (d: { status: string }) => d.status === 'succeeded',
          ),
        { what: `every ${mode} delivery recorded as succeeded` },
      );
    }
    for (const mode of modes) {
      const received = receiver.at(path(mode));
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.headers['webhook-id'], (counts.get(r.headers['webhook-id']) ?? 0) + 1);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      expect([...counts.keys()].sort()).toEqual([...eventIds[mode]].sort());
      const bodies = received.map((r) => WebhookReceiver.verifyAsSent(webhooks[mode].secret, r) as { livemode: boolean });
      expect(bodies.filter((b) => b.livemode !== (mode === 'live'))).toEqual([]);
    }
  }, 60_000);

  it('lets the other instance send a delivery whose instance was killed mid-delivery, once the lease expires', async () => {
    const path = `/held-${randomBytes(4).toString('hex')}`;
    receiver.on(path, 'hang', { status: 200 });
    const webhook = (await call(instances[0], 'POST', '/v1/webhooks', { url: receiver.url(path) })).webhook;
    recordSecret('webhook secret', webhook.secret);
    const delivery = (await call(instances[0], 'POST', `/v1/webhooks/${webhook.id}/test`)).delivery;
    const held = await waitFor(() => receiver.at(path)[0], { what: 'the held request' });

    const sender = instances.find((instance) => ownsConnection(instance.child.pid!, held.remotePort, receiver.port))!;
    expect(sender).toBeDefined();
    const survivor = instances.find((instance) => instance !== sender)!;
    sender.child.kill('SIGKILL');
    await sender.exited;

    const second = await waitFor(() => receiver.at(path)[1], { what: 'the delivery sent again by the other instance', timeoutMs: 20_000 });
    expect(second.headers['webhook-id']).toBe(held.headers['webhook-id']);
    // Only the survivor is left to have sent it.
    expect(sender.child.signalCode).toBe('SIGKILL');
    const done = await waitFor(
      async () => {
        const found = (await call(survivor, 'GET', `/v1/webhooks/${webhook.id}/deliveries`)).deliveries.find(
          (d: { id: string }) => d.id === delivery.id,
        );
        return found?.status === 'succeeded' ? found : null;
      },
      { what: 'the delivery recorded as succeeded' },
    );
    // The killed instance never recorded its attempt: the survivor's is the only one counted.
    expect(done).toMatchObject({ attempts: 1, last_status_code: 200 });
    // Nor did either instance write a secret into its log.
    for (const instance of instances) {
      expect(instance.output()).not.toContain(webhook.secret);
      expect(instance.output()).not.toContain(key);
    }
  }, 60_000);
});
