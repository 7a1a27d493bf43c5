import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../src/modules/auth/domain/user-directory';
import { KeyUsageCounter } from '../src/modules/usage/domain/key-usage-counter';
import { utcDay } from '../src/modules/usage/domain/key-usage';
import { KeyUsageJanitor } from '../src/modules/usage/infrastructure/key-usage-janitor';
import { TypeOrmKeyUsageRepository } from '../src/modules/usage/infrastructure/typeorm/typeorm-key-usage.repository';
import { describeKeyUsageRepositoryContract } from '../src/modules/usage/testing/key-usage-repository.contract';
import { makeUserWithKey } from './factories/make-user';
import { driveClock, frozenNow } from './support/driven-clock';
import { listen, PortalClient } from './support/portal-client';
import { startTestApp, type TestApp, useTestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Low enough to reach a 429 in a few requests. */
const LIMIT = { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_S: '60' };

type Counts = { '2xx': number; '4xx': number; '429': number; '5xx': number };
const counts = (ok: number, clientError = 0, rateLimited = 0, serverError = 0): Counts => ({
  '2xx': ok,
  '4xx': clientError,
  '429': rateLimited,
  '5xx': serverError,
});

/**
 * Key usage over HTTP: what a key's requests add to its counts (whatever their outcome), the
 * route that shows them to the key's owner only, and two instances on one database, each
 * counting in memory and adding its counts when it flushes, the second one at shutdown.
 * Time is the service's own (a driven Clock); flushes are called, not waited for.
 */
describe('key usage', () => {
  const clock = frozenNow();
  let one: TestApp;
  let two: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApp(LIMIT), startTestApp(LIMIT)]);
    driveClock(one.app, clock);
    driveClock(two.app, clock);
    db = one.app.get(DataSource);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await Promise.all([one?.close(), two?.close()]);
  });

  /** A signed-in owner on instance one's portal, with a key made on the page. */
  async function owner(): Promise<{ portal: PortalClient; key: string; keyId: string }> {
    const portal = new PortalClient(await listen(one.app));
    const suffix = uniqueTag();
    const signedUp = await portal.post('signup', {
      email: `usage_${suffix}@example.test`,
      username: `usage_${suffix}`,
      name: 'Usage',
      password: 'long enough password',
    });
    expect(signedUp.status).toBe(200);
    const created = (await portal.post('keys', { label: 'counted' })).body.data;
    return { portal, key: created.key, keyId: created.id };
  }

  const me = (app: TestApp, key: string) => request(app.server).get('/v1/me').set('X-API-Key', key);
  const usageOf = async (portal: PortalClient, keyId: string) => {
    const res = await portal.get(`keys/${keyId}/usage`);
    expect(res.status).toBe(200);
    return res.body.data.usage;
  };
  const today = (usage: { days: Array<Counts & { date: string }> }) => {
    const { date, ...rest } = usage.days.at(-1)!;
    expect(date).toBe(clock.now().toISOString().slice(0, 10));
    return rest;
  };
  const flush = (app: TestApp) => app.app.get(KeyUsageCounter).flush();

  it('counts every request of the key by its final status, guard refusals included, and shows them to the owner at once', async () => {
    const { portal, key, keyId } = await owner();
    await me(one, key).expect(200);
    await me(one, key).expect(200);
    await request(one.server).get('/v1/lists/00000000-0000-4000-8000-000000000000').set('X-API-Key', key).expect(404);
    jest.spyOn(one.app.get(UserDirectory), 'findById').mockRejectedValueOnce(new Error('injected failure'));
    await me(one, key).expect(500);
    await request(one.server).post('/v1/lists').set('X-API-Key', key).send({ unknown: 1 }).expect(400);
    // The fifth request filled the window: the next ones are refused by the rate limit.
    await me(one, key).expect(429);
    await me(one, key).expect(429);
    // Not the key's: a request without a key is nobody's, and one with another key is that key's.
    await request(one.server).get('/v1/me').expect(401);

    const usage = await usageOf(portal, keyId);
    expect(usage.key_id).toBe(keyId);
    expect(today(usage)).toEqual(counts(2, 2, 2, 1));
    expect(usage.totals).toEqual(counts(2, 2, 2, 1));
    expect(usage.updated_at).toBe(clock.now().toISOString());
    // Exactly the 30 UTC days up to today, oldest first, each a day after the one before, zeros included.
    expect(usage.days).toHaveLength(30);
    const dates = usage.days.map((day: { date: string }) => Date.parse(`${day.date}T00:00:00.000Z`));
    expect(dates.slice(1).every((date: number, i: number) => date - dates[i] === DAY_MS)).toBe(true);
    expect(usage.days.slice(0, 29).every((day: Counts) => day['2xx'] + day['4xx'] + day['429'] + day['5xx'] === 0)).toBe(true);
    // Reading the usage is a portal request, not a request of the key.
    expect(today(await usageOf(portal, keyId))).toEqual(counts(2, 2, 2, 1));
  });

  it('counts every request to /mcp with the key like any other, a tools/call refused by the rate limit as a 429', async () => {
    const { portal, key, keyId } = await owner();
    const mcp = (body: object) =>
      request(one.server)
        .post('/mcp')
        .set({ 'X-API-Key': key, Accept: 'application/json, text/event-stream' })
        .send({ jsonrpc: '2.0', id: 1, ...body });
    const whoami = { method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    await mcp({
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'usage', version: '1' } },
    }).expect(200);
    expect((await mcp(whoami).expect(200)).body.result.isError).toBeUndefined();
    await request(one.server).get('/mcp').set('X-API-Key', key).expect(405);
    await me(one, key).expect(200);
    await mcp({ method: 'tools/list' }).expect(200);
    // The window is full: the tool call's refusal is a tool result in a 200, the key's usage a 429.
    expect((await mcp(whoami).expect(200)).body.result).toMatchObject({ isError: true });
    await mcp({ method: 'tools/list' }).expect(429);
    await request(one.server).post('/mcp').set('Accept', 'application/json, text/event-stream').send({}).expect(401);
    expect(today(await usageOf(portal, keyId))).toEqual(counts(4, 1, 2));
  });

  it("answers another account's key, an unknown key and a malformed id alike: 404; without a session: 401", async () => {
    const mine = await owner();
    const theirs = await owner();
    for (const id of [theirs.keyId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await mine.portal.get(`keys/${id}/usage`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ data: null, error: 'API key not found' });
    }
    const anonymous = await request(one.server).get(`/developers/api/keys/${mine.keyId}/usage`);
    expect(anonymous.status).toBe(401);
    // A key is no session.
    await request(one.server).get(`/developers/api/keys/${mine.keyId}/usage`).set('X-API-Key', mine.key).expect(401);
  });

  it('sums the counts of two instances once each has flushed; until then the other instance’s are not yet seen', async () => {
    const { portal, key, keyId } = await owner();
    await me(one, key).expect(200);
    await me(two, key).expect(200);
    await me(two, key).expect(200);
    await request(two.server).get('/v1/lists/00000000-0000-4000-8000-000000000000').set('X-API-Key', key).expect(404);
    // One sees its own request at once, two's only after two flushed.
    expect(today(await usageOf(portal, keyId))).toEqual(counts(1));
    await flush(two);
    expect(today(await usageOf(portal, keyId))).toEqual(counts(3, 1));
    await flush(one);
    // Flushed or not, each request counts once.
    expect(today(await usageOf(portal, keyId))).toEqual(counts(3, 1));
    await me(one, key).expect(200);
    await flush(two);
    expect(today(await usageOf(portal, keyId))).toEqual(counts(4, 1));
  });

  it('writes nothing per request: one statement per flush, whatever the number of requests and keys', async () => {
    const [a, b] = [await owner(), await owner()];
    await flush(one);
    const statements = jest.spyOn(db.logger, 'logQuery');
    const usageWrites = () => statements.mock.calls.filter(([sql]) => /key_usage_days/.test(sql)).length;
    await Promise.all([a, b].flatMap(({ key }) => Array.from({ length: 5 }, () => me(one, key).expect(200))));
    expect(usageWrites()).toBe(0);
    await flush(one);
    expect(usageWrites()).toBe(1);
    await flush(one);
    expect(usageWrites()).toBe(1);
    statements.mockRestore();
    expect(today(await usageOf(a.portal, a.keyId))).toEqual(counts(5));
    expect(today(await usageOf(b.portal, b.keyId))).toEqual(counts(5));
  });

  it('counts each request on its UTC day, and keeps 30 days: older rows are swept, a key’s rows go with the key', async () => {
    const { portal, key, keyId } = await owner();
    await me(one, key).expect(200);
    await flush(one);
    clock.advance(DAY_MS);
    try {
      await me(one, key).expect(200);
      await me(one, key).expect(200);
      const usage = await usageOf(portal, keyId);
      expect(usage.days.slice(-2).map(({ date: _date, ...rest }: Counts & { date: string }) => rest)).toEqual([counts(1), counts(2)]);
      await flush(one);

      // A row 30 days old is past the 30 days shown (today and the 29 before).
      const old = utcDay(clock.now()) - 30;
      await new TypeOrmKeyUsageRepository(db).add([{ keyId, day: old, counts: counts(9) }]);
      const rowsOf = async () =>
        (await db.query(`SELECT day - DATE '1970-01-01' AS day FROM key_usage_days WHERE key_id = $1 ORDER BY day`, [keyId])).map(
          (row: { day: number }) => row.day,
        );
      expect(await rowsOf()).toEqual([old, old + 29, old + 30]);
      await one.app.get(KeyUsageJanitor).sweep();
      expect(await rowsOf()).toEqual([old + 29, old + 30]);
      expect((await usageOf(portal, keyId)).totals).toEqual(counts(3));

      await db.query('DELETE FROM api_keys WHERE id = $1', [keyId]);
      expect(await rowsOf()).toEqual([]);
    } finally {
      clock.advance(-DAY_MS);
    }
  });

  it('flushes on a schedule of @nestjs/schedule, and a last time when the instance stops', async () => {
    expect(one.app.get(SchedulerRegistry).getIntervals()).toEqual(expect.arrayContaining(['key-usage-flush', 'key-usage-janitor']));
    const three = await startTestApp(LIMIT);
    driveClock(three.app, clock);
    const { portal, key, keyId } = await owner();
    try {
      await me(three, key).expect(200);
      await me(three, key).expect(200);
    } finally {
      await three.close();
    }
    expect(today(await usageOf(portal, keyId))).toEqual(counts(2));
  });
});

describe('the TypeORM adapter', () => {
  const t = useTestApp();
  describeKeyUsageRepositoryContract('TypeORM', async () => ({
    usage: new TypeOrmKeyUsageRepository(t.db),
    newKey: async () => (await makeUserWithKey(t.app)).keyId,
    deleteKey: async (keyId) => void (await t.db.query('DELETE FROM api_keys WHERE id = $1', [keyId])),
  }));
});
