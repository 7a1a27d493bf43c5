import { randomBytes } from 'node:crypto';
import { makeUserWithKey } from './factories/make-user';
import { withTestRedis } from './support/redis';
import { ServiceProcess, spawnReady } from './support/service-process';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Two real processes of the built service (`node dist/main.js`) sharing the e2e database
 * and one Redis, with requests alternating between them: the limit holds in total, to the
 * request, as if there were one instance.
 */
const { redisUrl, describeWithRedis } = withTestRedis(
  'test/rate-limit-cluster.e2e-spec.ts',
  'the rate limit was NOT checked across two instances.',
);

const LIMIT = 10;

describeWithRedis('rate limit shared by two instances through Redis', () => {
  let t: TestApp;
  // Every process started (a start that lost its port included), and the two instances serving.
  const started: ServiceProcess[] = [];
  let services: ServiceProcess[] = [];

  beforeAll(async () => {
    // The in-process app only makes the account and key in the shared database.
    t = await startTestApp();
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl!,
      RATE_LIMIT_MAX: String(LIMIT),
      RATE_LIMIT_WINDOW_S: '60',
      RATE_LIMIT_UNAUTHENTICATED_MAX: '6',
      RATE_LIMIT_REDIS_PREFIX: `cluster-test:${randomBytes(6).toString('hex')}:`,
      LOG_LEVEL: 'warn',
    };
    services = await Promise.all([0, 1].map(() => spawnReady(env, { track: (s) => started.push(s) })));
  }, 90_000);

  afterAll(async () => {
    for (const service of started) {
      if (service.child.exitCode === null) service.child.kill('SIGTERM');
      const status = await service.exited;
      // A start that lost its port has exited 1 by itself; the instances that served stop cleanly.
      if (services.includes(service)) expect(status).toBe(0);
    }
    await t?.close();
  });

  const get = (instance: number, path: string, key?: string) =>
    fetch(`http://127.0.0.1:${services[instance % 2].port}${path}`, { headers: key ? { 'X-API-Key': key } : {} });

  it('admits exactly the limit in total while requests alternate between the instances', async () => {
    const { key } = await makeUserWithKey(t.app);
    const seen: Array<{ status: number; rateLimit: string | null; retryAfter: string | null }> = [];
    for (let i = 0; i < 3 * LIMIT; i += 1) {
      const res = await get(i, '/v1/me', key);
      seen.push({ status: res.status, rateLimit: res.headers.get('ratelimit'), retryAfter: res.headers.get('retry-after') });
      await res.arrayBuffer();
    }
    expect(seen.map((s) => s.status)).toEqual([...Array(LIMIT).fill(200), ...Array(2 * LIMIT).fill(429)]);
    // One window: what remains falls by one per request, whichever instance answered.
    expect(seen.slice(0, LIMIT).map((s) => /r=(\d+)/.exec(s.rateLimit!)![1])).toEqual(
      Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i)),
    );
    for (const refused of seen.slice(LIMIT)) {
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
      expect(refused.rateLimit).toBe(`"default";r=0;t=${refused.retryAfter}`);
    }
  });

  it('admits exactly the limit when both instances are hit at once', async () => {
    const { key } = await makeUserWithKey(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 2 * LIMIT }, async (_, i) => {
        const res = await get(i, '/v1/lists', key);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT);
  });

  it('shares the per-address limit on requests answered 401', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await get(i, '/v1/me', `sk_live_${'0'.repeat(64)}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('never limits the health routes', async () => {
    for (let i = 0; i < 20; i += 1) expect((await get(i, '/health/live')).status).toBe(200);
  });
});
