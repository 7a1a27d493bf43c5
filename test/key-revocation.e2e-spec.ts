import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ApiKeyRepository } from '../src/modules/keys/domain/api-key.repository';
import { driveClock, frozenNow } from './support/driven-clock';
import { listen, PortalClient } from './support/portal-client';
import { recordSecret } from './support/secret-ledger';
import { withTestRedis } from './support/redis';
import { startTestApp, TestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';
import { waitFor } from './support/wait-for';

/** The contract: a key revoked through one instance is refused by every other within this long. */
const REVOCATION_BOUND_MS = 1_000;

/**
 * Two instances of the service on one database, as behind a load balancer: a key
 * revoked through one must be refused by the other within one second, although the
 * other had just verified (and cached) it.
 *
 * Time is the service's own (the Clock port), frozen and moved by hand: both instances
 * read one FakeClock, so "within 1 s" is proved exactly, at the worst moment (the other
 * instance cached the key at the very instant of the revocation), with no sleeping and
 * no measuring of real time.
 */
describe('key revocation across instances', () => {
  const clock = frozenNow();
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApp(), startTestApp()]);
    driveClock(one.app, clock);
    driveClock(two.app, clock);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await Promise.all([one?.close(), two?.close()]);
  });

  /** A portal client of instance one, signed in to a new account. */
  async function signedIn(): Promise<PortalClient> {
    const portal = new PortalClient(await listen(one.app));
    const suffix = uniqueTag();
    expect(
      (
        await portal.post('signup', {
          email: `rev_${suffix}@example.test`,
          username: `rev_${suffix}`,
          name: 'Rev',
          password: 'long enough password',
        })
      ).status,
    ).toBe(200);
    return portal;
  }

  it('is seen by the other instance within 1 s', async () => {
    const portal = await signedIn();
    const created = (await portal.post('keys', { label: 'shared' })).body.data;
    // Every database lookup of a key by instance two.
    const lookups = jest.spyOn(two.app.get(ApiKeyRepository), 'findByHash');

    // Instance two verifies the key, so it is in two's cache when one revokes it: the
    // first request looks it up, the second is answered from the cache, without a lookup.
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(200);
    expect(lookups).toHaveBeenCalledTimes(1);
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(200);
    expect(lookups).toHaveBeenCalledTimes(1);

    // Revoked at the same instant two cached it: the longest two can go on trusting its copy.
    expect((await portal.post(`keys/${created.id}/revoke`, {})).status).toBe(200);
    clock.advance(REVOCATION_BOUND_MS);

    // One second later (the bound itself, not a moment more), two refuses it: it asked the
    // database again rather than answer from its cache.
    const refused = await request(two.server).get('/v1/me').set('X-API-Key', created.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatch(/revoked/);
    expect(lookups).toHaveBeenCalledTimes(2);
    // And it stays refused, by both instances.
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(401);
    clock.advance(REVOCATION_BOUND_MS);
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(401);
    await request(one.server).get('/v1/me').set('X-API-Key', created.key).expect(401);
  });

  it('a roll with no grace period is seen by the other instance within 1 s, like a revocation', async () => {
    const portal = await signedIn();
    const old = (await portal.post('keys', { label: 'rotated' })).body.data;
    // Instance two caches the old key at the very instant it is rolled through instance one.
    await request(two.server).get('/v1/me').set('X-API-Key', old.key).expect(200);
    const rolled = await portal.post(`keys/${old.id}/roll`, { expires_in_hours: 0 });
    expect(rolled.status).toBe(200);
    recordSecret('api key', rolled.body.data.key);
    clock.advance(REVOCATION_BOUND_MS);

    const refused = await request(two.server).get('/v1/me').set('X-API-Key', old.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('this API key expired');
    await request(one.server).get('/v1/me').set('X-API-Key', old.key).expect(401);
    await request(two.server).get('/v1/me').set('X-API-Key', rolled.body.data.key).expect(200);
  });

  it('an expiring key is refused by every instance from its expires_at on, however fresh their cached copies', async () => {
    const portal = await signedIn();
    const expiresAt = new Date(clock.now().getTime() + 60_000);
    const created = (await portal.post('keys', { label: 'short-lived', expires_at: expiresAt.toISOString() })).body.data;
    recordSecret('api key', created.key);
    // Both instances cache the key a moment before it expires...
    clock.advance(60_000 - 1);
    const lookups = jest.spyOn(two.app.get(ApiKeyRepository), 'findByHash');
    lookups.mockClear();
    for (const instance of [one, two]) await request(instance.server).get('/v1/me').set('X-API-Key', created.key).expect(200);
    // ...and refuse it at its expiry: their copies were trusted no longer than the key itself.
    clock.advance(1);
    for (const instance of [one, two]) {
      const refused = await request(instance.server).get('/v1/me').set('X-API-Key', created.key);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('this API key expired');
    }
    expect(lookups).toHaveBeenCalledTimes(2);
  });
});

const { redisUrl, describeWithRedis } = withTestRedis(
  'test/key-revocation.e2e-spec.ts',
  'a roll announced through Redis reaching the other instance at once was NOT checked.',
);

/**
 * The same two instances sharing a Redis: the old key's new expiry is announced, so the other
 * instance drops its cached copy at once, without its cache entry lapsing (the clock stands still).
 */
describeWithRedis('a roll across instances sharing a Redis', () => {
  const clock = frozenNow();
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    // This run's own channel, so that parallel runs on one Redis do not hear each other.
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_REDIS_PREFIX: `key-roll-e2e:${randomBytes(6).toString('hex')}:` };
    [one, two] = await Promise.all([startTestApp(env), startTestApp(env)]);
    driveClock(one.app, clock);
    driveClock(two.app, clock);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await Promise.all([one?.close(), two?.close()]);
  });

  it('refuses the old key on the other instance as soon as the announcement arrives', async () => {
    const portal = new PortalClient(await listen(one.app));
    const suffix = uniqueTag();
    const password = 'long enough password';
    expect(
      (await portal.post('signup', { email: `roll_${suffix}@example.test`, username: `roll_${suffix}`, name: 'Roll', password })).status,
    ).toBe(200);
    const old = (await portal.post('keys', { label: 'rotated' })).body.data;
    await request(two.server).get('/v1/me').set('X-API-Key', old.key).expect(200);
    const rolled = (await portal.post(`keys/${old.id}/roll`, { expires_in_hours: 0 })).body.data;
    recordSecret('api key', rolled.key);
    // Pub/sub is asynchronous: wait (bounded) for its effect; the clock never moves, so only the announcement can act.
    const refused = await waitFor(
      async () => {
        const res = await request(two.server).get('/v1/me').set('X-API-Key', old.key);
        return res.status === 401 && res;
      },
      { what: 'the other instance to refuse the rolled key', timeoutMs: 5_000, intervalMs: 20 },
    );
    expect(refused.body.error).toBe('this API key expired');
    await request(two.server).get('/v1/me').set('X-API-Key', rolled.key).expect(200);
  });
});
