import { randomBytes, randomUUID } from 'node:crypto';
import { NodeSecretGenerator } from '../src/common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { SystemClock } from '../src/common/ports/clock';
import { UuidGenerator } from '../src/common/crypto/uuid-generator';
import { openDatabase } from '../src/database/data-source';
import { AccountsService } from '../src/modules/auth/domain/accounts.service';
import { ScryptPasswordHasher } from '../src/modules/auth/infrastructure/crypto/scrypt-password-hasher';
import { TypeOrmUserRepository } from '../src/modules/auth/infrastructure/typeorm/typeorm-user.repository';
import { ApiKey } from '../src/modules/keys/domain/api-key';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { ownsConnection } from './support/process-connections';
import { recordSecret } from './support/secret-ledger';
import { ServiceProcess, spawnInstances, stopInstances } from './support/service-process';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Two instances of the built service (dist/main.js) on one database share the delivery queue:
 * every delivery is sent, none twice, and one held by an instance killed mid-delivery (SIGKILL:
 * no shutdown, its lease simply stays) is sent by the other once the lease has expired.
 */
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
  let db: DataSource;
  let database: OwnDatabase | undefined;

  const call = async (instance: ServiceProcess, method: string, path: string, body?: object) => {
    const res = await fetch(`http://127.0.0.1:${instance.port}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
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
    const user = await new AccountsService(
      new TypeOrmUserRepository(db),
      new ScryptPasswordHasher(2 ** 10),
      new SystemClock(),
      new UuidGenerator(),
    ).signUp({
      email: `cluster_${suffix}@example.test`,
      username: `cluster_${suffix}`,
      name: 'Cluster',
      password: 'long enough password',
    });
    const issued = ApiKey.issue(
      { id: randomUUID(), userId: user.id, label: 'cluster', now: new Date() },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    const props = issued.key.toProps();
    await db.query(
      `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', now())`,
      [props.id, props.userId, props.label, props.prefix, props.last4, props.keyHash, props.scopes],
    );
    key = issued.secret;
    recordSecret('api key', key);
    receiver = await new WebhookReceiver().start();
    instances = await spawnInstances(env, 2);
  }, 120_000);

  afterAll(async () => {
    await stopInstances(instances);
    await receiver?.stop();
    await db?.destroy();
    await database?.drop();
  });

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
