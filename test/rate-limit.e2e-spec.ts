import { randomUUID } from 'node:crypto';
import { NodeSecretGenerator } from '../src/common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApiKey } from '../src/modules/keys/domain/api-key';
import { makeUserWithKey } from './factories/make-user';
import { driveClock, frozenNow } from './support/driven-clock';
import { startTestApp, TestApp } from './support/test-app';

const UNKNOWN_KEY = `sk_live_${'0'.repeat(64)}`;

/** `RateLimit: "default";r=4;t=60` → {r: 4, t: 60}. */
function rateLimitOf(res: request.Response): { r: number; t: number } {
  const match = /^"default";r=(\d+);t=(\d+)$/.exec(String(res.headers['ratelimit']));
  if (!match) throw new Error(`no RateLimit header on ${res.status}: ${JSON.stringify(res.headers)}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

function expectRefused(res: request.Response): number {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  expect(res.body).toEqual({ data: null, error: `Rate limit exceeded: retry in ${seconds} seconds` });
  return seconds;
}

/** A key of `userId` holding only `lists:read`, written as the key repository would store it. */
async function narrowKey(t: TestApp, userId: string): Promise<string> {
  const issued = ApiKey.issue(
    { id: randomUUID(), userId, label: 'narrow', now: new Date() },
    new NodeSecretGenerator(),
    new Sha256TokenHasher(),
  );
  const props = { ...issued.key.toProps(), scopes: ['lists:read'] };
  await t.app.get(DataSource).query(
    `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', now())`,
    [props.id, props.userId, props.label, props.prefix, props.last4, props.keyHash, props.scopes],
  );
  return issued.secret;
}

describe('rate limit per API key (RATE_LIMIT_MAX=5, RATE_LIMIT_WINDOW_S=60)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_S: '60', RATE_LIMIT_UNAUTHENTICATED_MAX: '10' });
  });
  afterAll(() => t.close());

  it('admits 5 requests with the headers counting down, then answers 429 with Retry-After equal to t', async () => {
    const { key } = await makeUserWithKey(t.app);
    for (let i = 1; i <= 5; i += 1) {
      const res = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
      expect(res.headers['ratelimit-policy']).toBe('"default";q=5;w=60');
      // Only the contract's headers: @nestjs/throttler's own X-RateLimit-* are switched off.
      expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
      const { r, t: seconds } = rateLimitOf(res);
      expect(r).toBe(5 - i);
      expect(seconds).toBeGreaterThanOrEqual(59);
      expect(seconds).toBeLessThanOrEqual(60);
    }
    const refused = await request(t.server).get('/v1/me').set('X-API-Key', key);
    const retryAfter = expectRefused(refused);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-policy']).toBe('"default";q=5;w=60');
    expect(rateLimitOf(refused)).toEqual({ r: 0, t: retryAfter });
    // Refused requests do not count, and do not move the moment the window frees.
    const again = await request(t.server).get('/v1/lists').set('X-API-Key', key);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(retryAfter);
  });

  it('counts every authenticated request whatever its outcome, and checks the limit before the scope', async () => {
    const { user, key } = await makeUserWithKey(t.app);
    const narrow = await narrowKey(t, user.id);
    const outcomes = [
      await request(t.server).get('/v1/me').set('X-API-Key', narrow), // 403: lacks profile:read
      await request(t.server).get(`/v1/lists/${randomUUID()}`).set('X-API-Key', narrow), // 404
      await request(t.server).get('/v1/lists?limit=0').set('X-API-Key', narrow), // 400
      await request(t.server).get('/v1/lists').set('X-API-Key', narrow), // 200
      await request(t.server).post('/v1/lists').set('X-API-Key', narrow).send({ name: 'x' }), // 403: lacks lists:write
    ];
    expect(outcomes.map((res) => res.status)).toEqual([403, 404, 400, 200, 403]);
    expect(outcomes.map((res) => rateLimitOf(res).r)).toEqual([4, 3, 2, 1, 0]);
    for (const res of outcomes) expect(res.headers['ratelimit-policy']).toBe('"default";q=5;w=60');
    // The sixth is refused before its scope is looked at: 429, not 403.
    expectRefused(await request(t.server).get('/v1/me').set('X-API-Key', narrow));
    // One bucket per key, not per user or route: the user's other key is untouched.
    const other = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    expect(rateLimitOf(other).r).toBe(4);
  });

  it('keeps one bucket per key across routes', async () => {
    const { key } = await makeUserWithKey(t.app);
    const paths = ['/v1/me', '/v1/lists', '/v1/invitations', '/v1/me', '/v1/lists'];
    for (const path of paths) await request(t.server).get(path).set('X-API-Key', key).expect(200);
    expectRefused(await request(t.server).get('/v1/invitations').set('X-API-Key', key));
  });

  it('limits requests answered 401 per client address, without refusing valid keys from it', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await request(t.server).get('/v1/me').set('X-API-Key', UNKNOWN_KEY).expect(401);
      expect(res.headers['ratelimit']).toBeUndefined();
    }
    expectRefused(await request(t.server).get('/v1/me').set('X-API-Key', UNKNOWN_KEY));
    expectRefused(await request(t.server).get('/v1/lists')); // no key at all: also a would-be 401
    // Not trusting any proxy, X-Forwarded-For cannot buy a fresh address.
    expectRefused(await request(t.server).get('/v1/me').set('X-Forwarded-For', '203.0.113.9').set('X-API-Key', UNKNOWN_KEY));
    const { key } = await makeUserWithKey(t.app);
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
  });

  it('never limits the health routes or the OpenAPI document', async () => {
    for (let i = 0; i < 30; i += 1) {
      const live = await request(t.server).get('/health/live').expect(200);
      expect(live.headers['ratelimit']).toBeUndefined();
      await request(t.server).get('/health/ready').expect(200);
    }
    await request(t.server).get('/v1/openapi.json').expect(200);
  });

  it('documents 429 with Retry-After and the RateLimit headers on every keyed route', async () => {
    const document = (await request(t.server).get('/v1/openapi.json').expect(200)).body;
    let keyed = 0;
    for (const [path, item] of Object.entries<Record<string, { security?: unknown[]; responses: Record<string, { headers?: object }> }>>(
      document.paths,
    )) {
      for (const operation of Object.values(item)) {
        if (!path.startsWith('/v1/') || !operation.security?.length) continue;
        keyed += 1;
        expect([path, Object.keys(operation.responses['429']?.headers ?? {})]).toEqual([
          path,
          expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']),
        ]);
        expect([path, Object.keys(operation.responses['200'].headers ?? {})]).toEqual([
          path,
          expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
        ]);
      }
    }
    expect(keyed).toBeGreaterThan(20);
  });
});

describe('rate limit: a retry after Retry-After succeeds, one before it is refused (window 2 s)', () => {
  // The limiter's time is the service's Clock port, frozen here and moved by hand: the
  // slot's release is checked to the millisecond, with no sleeping for Retry-After.
  const clock = frozenNow();
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_S: '2' });
    driveClock(t.app, clock);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  it('frees the slot exactly as announced', async () => {
    const { key } = await makeUserWithKey(t.app);
    const first = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    expect(first.headers['ratelimit-policy']).toBe('"default";q=2;w=2');
    expect(rateLimitOf(first)).toEqual({ r: 1, t: 2 });
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    const retryAfter = expectRefused(await request(t.server).get('/v1/me').set('X-API-Key', key));
    // The clock stood still since the first request, so the whole window is left to wait.
    expect(retryAfter).toBe(2);
    // Still refused a second before Retry-After, and up to its last millisecond...
    clock.advance((retryAfter - 1) * 1000);
    expectRefused(await request(t.server).get('/v1/me').set('X-API-Key', key));
    clock.advance(1000 - 1);
    expectRefused(await request(t.server).get('/v1/me').set('X-API-Key', key));
    // ...and admitted once Retry-After seconds have passed.
    clock.advance(1);
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
  });
});

describe('rate limit behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_UNAUTHENTICATED_MAX: '3' });
  });
  afterAll(() => t.close());

  it('counts 401s per forwarded client address', async () => {
    const from = (address: string) => request(t.server).get('/v1/me').set('X-Forwarded-For', address).set('X-API-Key', UNKNOWN_KEY);
    for (let i = 0; i < 3; i += 1) await from('198.51.100.7').expect(401);
    expectRefused(await from('198.51.100.7'));
    await from('198.51.100.8').expect(401);
  });

  it('states the default policy when nothing is configured', async () => {
    const { key } = await makeUserWithKey(t.app);
    const res = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    expect(res.headers['ratelimit-policy']).toBe('"default";q=120;w=60');
    expect(rateLimitOf(res)).toEqual({ r: 119, t: 60 });
  });
});
