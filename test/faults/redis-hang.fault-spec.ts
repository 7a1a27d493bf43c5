import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { jsonRequest, outputMatches, signUpWithKey } from '../support/fault-client';
import { HungRedis } from '../support/hung-redis';
import { withTestRedis } from '../support/redis';
import { startScratchDatabase, ScratchDatabase } from '../support/scratch-postgres';
import { ServiceProcess, spawnReady } from '../support/service-process';

/**
 * A Redis that accepts connections but never answers, under the built service: `/v1/` requests
 * keep their answers and stop waiting on Redis after the first timeout (the circuit opens), and
 * the service goes back to Redis once a real one answers (that part needs TEST_REDIS_URL).
 */
jest.setTimeout(120_000);

const { redisUrl, describeWithRedis } = withTestRedis(
  'test/faults/redis-hang.fault-spec.ts (return to Redis after a hang)',
  'the switch back from a hung Redis to a real one was NOT checked (the hang itself was).',
);

describe('a hung Redis', () => {
  let db: ScratchDatabase;
  let service: ServiceProcess | undefined;
  // Every process a test started (a start that lost its port included), killed after it.
  const started: ServiceProcess[] = [];
  let hung: HungRedis | undefined;

  beforeAll(async () => {
    db = await startScratchDatabase();
  });
  afterEach(async () => {
    for (const each of started) each.child.kill('SIGKILL');
    await Promise.all(started.splice(0).map((each) => each.exited));
    service = undefined;
    await hung?.stop();
  });
  afterAll(async () => {
    await db?.stop();
  });

  const start = async (redis: HungRedis, prefix: string, limit = 120) => {
    service = await spawnReady(
      {
        DATABASE_URL: db.url,
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        RATE_LIMIT_REDIS_PREFIX: prefix,
        RATE_LIMIT_MAX: String(limit),
        LOG_LEVEL: 'info',
      },
      { track: (each) => started.push(each) },
    );
    const key = await signUpWithKey(`http://127.0.0.1:${service.port}`);
    return { port: service.port, key };
  };

  /** `count` requests one after the other, each checked for its right answer; returns what RateLimit said. */
  const askMe = async (port: number, key: string, count: number) => {
    const remaining: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await jsonRequest(port, 'GET', '/v1/me', { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expect.objectContaining({ email: expect.stringMatching(/^fault_/) }), error: null });
      remaining.push(Number(/r=(\d+)/.exec(String(res.headers['ratelimit']))![1]));
    }
    return remaining;
  };

  it('answers every /v1/ request, and only the first one waits on Redis', async () => {
    hung = new HungRedis();
    await hung.start();
    const { port, key } = await start(hung, `fault:${randomBytes(4).toString('hex')}:`);

    const remaining = await askMe(port, key, 30);
    // Counted in this instance's memory, exactly: 120 per minute.
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => 119 - i));
    // At most one script reached the hung Redis (none if a loaded machine let the connection's
    // handshake time out first); the other requests never waited on it. Without the circuit,
    // every request sends one and waits out its timeout.
    expect(hung.count('evalsha')).toBeLessThanOrEqual(1);
    await outputMatches(service!, /Redis is unreachable \(.*\): rate limits are counted per instance/);
    expect(service!.output().match(/Redis is unreachable/g)).toHaveLength(1);
  });

  describeWithRedis('and then a real one', () => {
    it('goes back to the shared Redis count once Redis answers again', async () => {
      const target = new URL(redisUrl!);
      hung = new HungRedis({ host: target.hostname, port: Number(target.port || 6379) });
      await hung.start();
      const prefix = `fault:${randomBytes(4).toString('hex')}:`;
      // The wait for Redis below asks as fast as it can for as long as the probe's back-off
      // lasts (up to 5 s): a limit it cannot reach, so that the count, not the limit, is checked.
      const limit = 1_000_000;
      const { port, key } = await start(hung, prefix, limit);
      const countdown = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i);
      const direct = new Redis(redisUrl!);
      // The key's own window (the `default` throttler); the sign-up that made the key counts in
      // the portal's window, under the same prefix.
      const counted = async () => {
        let total = 0;
        for (const k of await direct.keys(`${prefix}default:*`)) total += await direct.zcard(k);
        return total;
      };
      try {
        expect(await askMe(port, key, 2)).toEqual(countdown(limit - 1, 2));
        expect(await counted()).toBe(2);

        hung.hang();
        expect(await askMe(port, key, 10)).toEqual(countdown(limit - 1, 10)); // this instance's own count
        expect(hung.count('evalsha')).toBe(1);
        expect(await counted()).toBe(2);

        hung.resume();
        // Requests go on until a background PING and then a request find Redis again.
        while (!service!.output().includes('Redis is reachable again')) await askMe(port, key, 1);
        const before = await counted();
        await askMe(port, key, 3);
        expect(await counted()).toBe(before + 3);
        expect(service!.output().match(/Redis is reachable again: rate limits/g)).toHaveLength(1);
      } finally {
        direct.disconnect();
      }
    });
  });
});
