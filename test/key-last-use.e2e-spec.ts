import { Agent, request as httpRequest } from 'node:http';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { makeUserWithKey, type UserWithKey } from './factories/make-user';
import { driveClock, frozenNow } from './support/driven-clock';
import { listen } from './support/portal-client';
import { NO_RATE_LIMIT, startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** The resolution the contract allows last_used_at: "at most a minute stale". */
const MINUTE_MS = 60_000;
/** A write of last_used_at, whatever its exact text. */
const LAST_USE_WRITE = /\bUPDATE\s+"?api_keys"?\s+SET\b[^;]*\blast_used_at\b/i;

/**
 * last_used_at costs no write per request: each instance writes it at most once a minute per
 * key, however many requests use the key at once. Counted at the source: every statement the
 * app sends goes through its TypeORM logger (named statements too), so a spy on `logQuery`
 * sees every write. Two instances on one database with one driven Clock, so "the minute"
 * is moved by hand.
 */
describe('last use of a key under load', () => {
  const clock = frozenNow();
  let one: TestApp;
  let two: TestApp;
  let db: DataSource;
  let statements: jest.SpyInstance[];
  /** Keep-alive connections, a bounded number of them, as a client under load would use. */
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApp(NO_RATE_LIMIT), startTestApp(NO_RATE_LIMIT)]);
    driveClock(one.app, clock);
    driveClock(two.app, clock);
    db = one.app.get(DataSource);
  });
  beforeEach(() => {
    statements = [one, two].map((t) => jest.spyOn(t.app.get(DataSource).logger, 'logQuery'));
  });
  afterEach(() => statements.forEach((spy) => spy.mockRestore()));
  afterAll(async () => {
    agent.destroy();
    jest.restoreAllMocks();
    await Promise.all([one?.close(), two?.close()]);
  });

  /**
   * The writes of last_used_at each instance has sent since the test began, as [key id,
   * instance]. A write is sent in the background after its request, and logged once it has a
   * connection: first every statement in flight finishes (each instance's pool idle), so a
   * write still on its way is counted rather than missed.
   */
  const writes = async () => {
    const pools = [one, two].map((t) => (t.app.get(DataSource).driver as PostgresDriver).master as Pool);
    await waitFor(() => pools.every((pool) => pool.waitingCount === 0 && pool.idleCount === pool.totalCount), {
      what: 'the statements in flight to finish',
    });
    return sentWrites();
  };
  const sentWrites = () =>
    statements.flatMap((spy, instance) =>
      spy.mock.calls.filter(([sql]) => LAST_USE_WRITE.test(sql)).map(([, parameters]) => [(parameters as unknown[])[0], instance]),
    );

  const get = (baseUrl: string, key: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(new URL('/v1/me', baseUrl), { agent, headers: { 'x-api-key': key } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.end();
    });

  /** `count` requests at once, spread over the keys and instances in turn; answers their statuses. */
  async function burst(count: number, keys: UserWithKey[], instances: TestApp[] = [one]): Promise<number[]> {
    const urls = await Promise.all(instances.map((t) => listen(t.app)));
    return Promise.all(Array.from({ length: count }, (_, i) => get(urls[i % urls.length], keys[i % keys.length].key)));
  }

  const lastUsedAt = async (keyId: string): Promise<Date | null> =>
    (await db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [keyId]))[0].last_used_at;
  const landed = (keyId: string, at: Date) =>
    waitFor(async () => (await lastUsedAt(keyId))?.getTime() === at.getTime(), {
      what: `last_used_at of ${keyId} to become ${at.toISOString()}`,
    });

  it('is written once for 300 concurrent requests with one key', async () => {
    const user = await makeUserWithKey(one.app);
    expect(await lastUsedAt(user.keyId)).toBeNull();
    expect(new Set(await burst(300, [user]))).toEqual(new Set([200]));
    await landed(user.keyId, clock.now());
    expect(await writes()).toEqual([[user.keyId, 0]]);
  });

  it('is written once per key for 300 concurrent requests shared by two keys', async () => {
    const users = [await makeUserWithKey(one.app), await makeUserWithKey(one.app)];
    expect(new Set(await burst(300, users))).toEqual(new Set([200]));
    await Promise.all(users.map((user) => landed(user.keyId, clock.now())));
    expect((await writes()).sort()).toEqual(users.map((user) => [user.keyId, 0]).sort());
  });

  it('is written again only once the minute has passed', async () => {
    const user = await makeUserWithKey(one.app);
    const first = clock.now();
    await burst(100, [user]);
    await landed(user.keyId, first);

    // Within the minute: however many requests, no second write.
    clock.advance(MINUTE_MS - 1);
    expect(new Set(await burst(100, [user]))).toEqual(new Set([200]));
    expect(await writes()).toEqual([[user.keyId, 0]]);
    expect(await lastUsedAt(user.keyId)).toEqual(first);

    // At the minute: one more write, and it moves last_used_at to the request's time.
    clock.advance(1);
    const second = clock.now();
    await burst(100, [user]);
    await landed(user.keyId, second);
    expect(await writes()).toEqual([
      [user.keyId, 0],
      [user.keyId, 0],
    ]);
  });

  it('stays within one write a minute per key per instance with two instances', async () => {
    const user = await makeUserWithKey(one.app);
    const at = clock.now();
    expect(new Set(await burst(300, [user], [one, two]))).toEqual(new Set([200]));
    await landed(user.keyId, at);
    const sent = await writes();
    // Each instance sends at most one statement for the key; the statement's own condition
    // lets only the first of them change the row (the value is the same minute's either way).
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.filter(([, instance]) => instance === 0).length).toBeLessThanOrEqual(1);
    expect(sent.filter(([, instance]) => instance === 1).length).toBeLessThanOrEqual(1);
    expect(sent.every(([keyId]) => keyId === user.keyId)).toBe(true);
  });
});
