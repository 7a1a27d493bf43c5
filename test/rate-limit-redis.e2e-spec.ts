import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { MemoryRateLimitStore } from '../src/modules/rate-limit/infrastructure/in-memory/memory-rate-limit.store';
import { RedisRateLimitStore } from '../src/modules/rate-limit/infrastructure/redis/redis-rate-limit.store';
import { connectRateLimitRedis } from '../src/modules/rate-limit/rate-limit.module';
import { describeRateLimitStoreContract } from '../src/modules/rate-limit/testing/rate-limit-store.contract';
import { describeThrottlerStorageContract } from '../src/modules/rate-limit/testing/throttler-storage.contract';
import { SlidingWindowThrottlerStorage } from '../src/modules/rate-limit/infrastructure/throttler/sliding-window-throttler.storage';
import { SystemClock } from '../src/common/ports/clock';
import { makeUserWithKey } from './factories/make-user';
import { RecordingLog, withTestRedis } from './support/redis';
import { TcpProxy } from './support/tcp-proxy';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const { redisUrl, describeWithRedis } = withTestRedis(
  'test/rate-limit-redis.e2e-spec.ts',
  'the Redis rate-limit store and its fallback were NOT checked.',
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every run gets its own keys in the shared Redis. */
const prefix = () => `test:${randomBytes(6).toString('hex')}:`;

async function ready(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    redis.once('ready', () => resolve());
    setTimeout(() => reject(new Error(`Redis not ready: ${redis.status}`)), 5_000).unref();
  });
}

describeWithRedis('RedisRateLimitStore against a real Redis', () => {
  const clients: Redis[] = [];
  const connect = async () => {
    const redis = connectRateLimitRedis(redisUrl!);
    clients.push(redis);
    await ready(redis);
    return redis;
  };
  afterAll(() => clients.forEach((client) => client.disconnect()));

  describeRateLimitStoreContract('RedisRateLimitStore', async () => {
    const log = new RecordingLog();
    const store = new RedisRateLimitStore(await connect(), new MemoryRateLimitStore(new SystemClock()), prefix(), log);
    return store;
  });

  describeThrottlerStorageContract('SlidingWindowThrottlerStorage over RedisRateLimitStore', async () => {
    const store = new RedisRateLimitStore(await connect(), new MemoryRateLimitStore(new SystemClock()), prefix(), new RecordingLog());
    return new SlidingWindowThrottlerStorage(store);
  });

  it('keeps at most `limit` entries per key, expiring with the window, under its prefix only', async () => {
    const redis = await connect();
    const p = prefix();
    const store = new RedisRateLimitStore(redis, new MemoryRateLimitStore(new SystemClock()), p, new RecordingLog());
    for (let i = 0; i < 20; i += 1) await store.hit('key:a', 3, 60_000);
    expect(await redis.zcard(`${p}key:a`)).toBe(3);
    const ttl = await redis.pttl(`${p}key:a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('admits exactly `limit` of many hits issued at once, which travel together in one script', async () => {
    const redis = await connect();
    const sent = jest.spyOn(redis, 'evalsha');
    const store = new RedisRateLimitStore(redis, new MemoryRateLimitStore(new SystemClock()), prefix(), new RecordingLog());
    const decisions = await Promise.all(Array.from({ length: 50 }, () => store.hit('burst', 20, 60_000)));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    // Decided one by one, in the order they came: the first 20 admitted with 19, 18, ... 0 left.
    expect(decisions.map((d) => d.remaining)).toEqual([...Array.from({ length: 20 }, (_, i) => 19 - i), ...Array<number>(30).fill(0)]);
    expect(decisions.slice(20).every((d) => !d.allowed && d.resetSeconds >= 59 && d.resetSeconds <= 60)).toBe(true);
  });

  it('keeps windows of several keys and limits apart within one script, each hit counted once', async () => {
    const redis = await connect();
    const p = prefix();
    const store = new RedisRateLimitStore(redis, new MemoryRateLimitStore(new SystemClock()), p, new RecordingLog());
    const hits = [
      store.hit('a', 2, 60_000),
      store.hit('b', 1, 60_000),
      store.hit('a', 2, 60_000),
      store.hit('b', 1, 60_000),
      store.hit('a', 2, 60_000),
    ];
    expect((await Promise.all(hits)).map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(await redis.zcard(`${p}a`)).toBe(2);
    expect(await redis.zcard(`${p}b`)).toBe(1);
  });

  it('frees the slot when the oldest request leaves the window, on Redis time', async () => {
    const store = new RedisRateLimitStore(await connect(), new MemoryRateLimitStore(new SystemClock()), prefix(), new RecordingLog());
    expect((await store.hit('k', 1, 300)).allowed).toBe(true);
    expect((await store.hit('k', 1, 300)).allowed).toBe(false);
    await sleep(350);
    expect(await store.hit('k', 1, 300)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('loads the script again after Redis forgot it (NOSCRIPT)', async () => {
    const redis = await connect();
    const log = new RecordingLog();
    const p = prefix();
    const store = new RedisRateLimitStore(redis, new MemoryRateLimitStore(new SystemClock()), p, log);
    await store.hit('k', 5, 60_000);
    await redis.script('FLUSH');
    expect(await store.hit('k', 5, 60_000)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await redis.zcard(`${p}k`)).toBe(2);
    expect(log.lines).toEqual([]);
  });

  it('counts in memory while Redis is unreachable, says so once, and goes back to Redis when it returns', async () => {
    const target = new URL(redisUrl!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    const port = await proxy.start();
    const proxied = new URL(redisUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    const redis = connectRateLimitRedis(proxied.toString());
    clients.push(redis);
    await ready(redis);
    const log = new RecordingLog();
    const p = prefix();
    const store = new RedisRateLimitStore(redis, new MemoryRateLimitStore(new SystemClock()), p, log);
    const direct = await connect();
    try {
      expect((await store.hit('k', 3, 60_000)).remaining).toBe(2);

      await proxy.cut();
      const during = [];
      for (let i = 0; i < 5; i += 1) during.push(await store.hit('k', 3, 60_000));
      // The memory store has seen none of the earlier requests: its own window of 3.
      expect(during.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
      expect(await direct.zcard(`${p}k`)).toBe(1);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toMatch(/^warn: Redis is unreachable.*per instance/);

      await proxy.restore();
      // Back once a background PING, then a request, found Redis answering (one log line).
      await waitFor(async () => (await store.hit('probe', 1000, 60_000)) && log.lines.length === 2, {
        what: 'the store back on Redis',
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect((await store.hit('k', 3, 60_000)).remaining).toBe(1); // Redis's count resumes: 2 of 3 used
      expect(await direct.zcard(`${p}k`)).toBe(2);
      expect(log.lines).toHaveLength(2);
      expect(log.lines[1]).toMatch(/^info: Redis is reachable again/);
    } finally {
      await proxy.cut();
    }
  });
});

describeWithRedis('the service while its Redis goes away and comes back', () => {
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    const port = await proxy.start();
    t = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_REDIS_PREFIX: prefix(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
  });

  it('keeps answering with per-instance limits, logs the switch once each way', async () => {
    const { key } = await makeUserWithKey(t.app);
    const me = () => request(t.server).get('/v1/me').set('X-API-Key', key);
    expect((await me()).status).toBe(200);

    await proxy.cut();
    const during = [];
    for (let i = 0; i < 5; i += 1) during.push(await me());
    expect(during.map((res) => res.status)).toEqual([200, 200, 200, 429, 429]);
    expect(during[0].headers['ratelimit']).toMatch(/^"default";r=2;t=\d+$/);
    const fallbacks = () => t.logs.filter((line) => /Redis is unreachable/.test(String(line.msg)));
    expect(fallbacks()).toHaveLength(1);
    expect(fallbacks()[0].level).toBe(40); // warn

    await proxy.restore();
    // Back on Redis, which saw one request of this key: the request that finds it again is the
    // second there, one more fits, then 429.
    const recovered = () => t.logs.filter((line) => /Redis is reachable again/.test(String(line.msg)));
    let back: request.Response | undefined;
    await waitFor(
      async () => {
        back = await me();
        return recovered().length > 0;
      },
      { what: 'the app back on Redis', timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(back!.status).toBe(200);
    expect(back!.headers['ratelimit']).toMatch(/^"default";r=1;t=\d+$/);
    expect((await me()).headers['ratelimit']).toMatch(/^"default";r=0;t=\d+$/);
    expect((await me()).status).toBe(429);
    expect(recovered()).toHaveLength(1);
    expect(fallbacks()).toHaveLength(1);
  });
});
