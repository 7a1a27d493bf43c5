import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { KeyMode } from '../src/common/auth/principal';
import { MODE_SCHEMAS } from '../src/common/persistence/mode-data-sources';
import type { FakeClock } from '../src/common/testing/fake-clock';
import { EventsJanitor } from '../src/modules/events/infrastructure/events-janitor';
import { IdempotencyJanitor } from '../src/modules/idempotency/infrastructure/idempotency-janitor';
import { DeliveriesJanitor } from '../src/modules/webhooks/infrastructure/delivery/deliveries-janitor';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { driveClock, frozenNow } from './support/driven-clock';
import { client, makeCaller, type Client as ApiClient } from './support/lists-client';
import { recordSecret } from './support/secret-ledger';
import { NO_RATE_LIMITS, useTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

const MODES: readonly KeyMode[] = ['live', 'test'];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The janitors sweep both modes (API.md, "Test mode": events, idempotency records and webhook
 * deliveries are per mode, so is their retention): rows past retention go from each mode's
 * schema, fresher ones stay, whichever mode made them. Time moves on the Clock port.
 */
describe('test mode: the janitors sweep both modes', () => {
  let admin: Client;
  afterAll(() => admin?.end());
  // Its own database: the janitors delete every row past retention, and the clock moves a month.
  const t = useTestApp(
    { ...NO_RATE_LIMITS, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50' },
    {},
    { ownDatabase: 'test_mode_janitors' },
  );
  let clock: FakeClock;
  let receiver: WebhookReceiver;
  const keys = {} as Record<KeyMode, ApiClient>;
  const webhooks = {} as Record<KeyMode, string>;
  const lists = {} as Record<KeyMode, string>;

  beforeAll(async () => {
    clock = driveClock(t.app, frozenNow());
    admin = new Client({ connectionString: (t.db.options as { url: string }).url });
    await admin.connect();
    receiver = await new WebhookReceiver().start();
    const owner = await makeCaller(t.app);
    keys.live = client(t.server, owner.key);
    keys.test = client(t.server, (await makeRestrictedKey(t.app, owner.id, { mode: 'test' })).key);
    for (const mode of MODES) {
      const webhook = (await keys[mode].post('/v1/webhooks', { url: receiver.url(`/${mode}`) }).expect(200)).body.data.webhook;
      recordSecret('webhook secret', webhook.secret);
      webhooks[mode] = webhook.id;
      lists[mode] = (await keys[mode].post('/v1/lists', { name: `Janitors ${mode}` }).expect(200)).body.data.list.id;
    }
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await receiver?.stop();
  });

  /** What one round writes in a mode: events, an idempotency record and a delivery (sent and succeeded). */
  async function write(mode: KeyMode, tag: string): Promise<void> {
    await keys[mode]
      .post('/v1/actions/add', { list: lists[mode], items: [tag] })
      .set('Idempotency-Key', `${mode}-${tag}`)
      .expect(200);
    await keys[mode].post(`/v1/webhooks/${webhooks[mode]}/test`).expect(200);
  }

  /** The rows of one table in one mode's schema, read by qualified name. */
  const count = async (mode: KeyMode, sql: string): Promise<number> =>
    (await admin.query<{ n: number }>(sql.replaceAll('$schema', `"${MODE_SCHEMAS[mode]}"`))).rows[0].n;
  const rows = async (mode: KeyMode) => ({
    events: await count(mode, `SELECT count(*)::int AS n FROM $schema.events`),
    idempotency: await count(mode, `SELECT count(*)::int AS n FROM $schema.idempotency_keys`),
    deliveries: await count(mode, `SELECT count(*)::int AS n FROM $schema.webhook_deliveries`),
    pending: await count(mode, `SELECT count(*)::int AS n FROM $schema.webhook_deliveries WHERE status = 'pending'`),
  });
  /** Events of the mode the relay has not turned into deliveries yet (it passes an event once the feed shows it). */
  const unrelayed = (mode: KeyMode) =>
    count(
      mode,
      `SELECT count(*)::int AS n FROM $schema.events e, $schema.webhook_relay_position p WHERE (e.txid, e.seq) > (p.txid, p.seq)`,
    );
  /**
   * Every event of the mode relayed and every delivery sent: the relay and the feed may lag the
   * writes a moment (another session's older transaction on the cluster holds them back), and a
   * delivery relayed after the clock moves on would be a fresh one.
   */
  const allSent = (mode: KeyMode) =>
    waitFor(async () => (await unrelayed(mode)) === 0 && (await rows(mode)).pending === 0, {
      what: `every ${mode} event relayed and every delivery sent`,
      timeoutMs: 10_000,
    });

  it('deletes the rows past retention of each mode and keeps the fresh ones', async () => {
    for (const mode of MODES) await write(mode, `old ${randomBytes(3).toString('hex')}`);
    for (const mode of MODES) await allSent(mode);
    const before = { live: await rows('live'), test: await rows('test') };
    for (const mode of MODES) {
      expect(before[mode].events).toBeGreaterThan(0);
      expect(before[mode].idempotency).toBe(1);
      expect(before[mode].deliveries).toBeGreaterThan(0);
    }

    clock.advance(31 * DAY_MS);
    for (const mode of MODES) await write(mode, `new ${randomBytes(3).toString('hex')}`);
    for (const mode of MODES) await allSent(mode);
    const fresh = { live: await rows('live'), test: await rows('test') };

    expect(await t.app.get(EventsJanitor).sweep()).toBe(before.live.events + before.test.events);
    expect(await t.app.get(IdempotencyJanitor).sweep()).toBe(2);
    expect(await t.app.get(DeliveriesJanitor).sweep()).toBe(before.live.deliveries + before.test.deliveries);

    for (const mode of MODES) {
      expect(await rows(mode)).toEqual({
        events: fresh[mode].events - before[mode].events,
        idempotency: 1,
        deliveries: fresh[mode].deliveries - before[mode].deliveries,
        pending: 0,
      });
    }
    // What is left is each mode's newest round, still answered in its mode (relayed, so the feed shows it).
    for (const mode of MODES) {
      const feed = (await keys[mode].get('/v1/events').expect(200)).body.data.events as Array<{ type: string; livemode: boolean }>;
      expect(feed.map((e) => [e.type, e.livemode])).toEqual([['item.added', mode === 'live']]);
    }
  });
});
