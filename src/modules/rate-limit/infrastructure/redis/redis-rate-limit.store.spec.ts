import type Redis from 'ioredis';
import { FakeClock } from '../../../../common/testing/fake-clock';
import { MemoryRateLimitStore } from '../in-memory/memory-rate-limit.store';
import { MAX_HITS_PER_SCRIPT, RedisRateLimitStore } from './redis-rate-limit.store';

/** One EVALSHA the store sent: its keys, its batch prefix, each hit's limit and window. */
interface Script {
  keys: string[];
  batch: string;
  limits: number[];
  windows: number[];
  answer: () => void;
  fail: (error: Error) => void;
}

/**
 * What the store uses of an ioredis client. Scripts are held until a test answers them; an answer
 * decides each hit in order as the Lua script would, without time: a key admits `limit` hits.
 * The script's own semantics (the window, Redis's clock) are checked against a real Redis in
 * test/rate-limit-redis.e2e-spec.ts.
 */
class FakeRedis {
  status = 'ready';
  readonly scripts: Script[] = [];
  readonly counts = new Map<string, number>();
  loaded = true;
  loads = 0;

  evalsha(_sha: string, numKeys: number, ...args: (string | number)[]): Promise<number[]> {
    if (!this.loaded) return Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.'));
    const keys = args.slice(0, numKeys).map(String);
    const rest = args.slice(numKeys + 1).map(Number);
    return new Promise((resolve, reject) => {
      const script: Script = {
        keys,
        batch: String(args[numKeys]),
        limits: rest.filter((_, i) => i % 2 === 0),
        windows: rest.filter((_, i) => i % 2 === 1),
        answer: () => resolve(keys.flatMap((key, i) => this.decide(key, script.limits[i], script.windows[i]))),
        fail: reject,
      };
      this.scripts.push(script);
    });
  }

  script(command: string): Promise<string> {
    expect(command).toBe('LOAD');
    this.loaded = true;
    this.loads += 1;
    return Promise.resolve('sha');
  }

  ping = jest.fn(() => Promise.resolve('PONG'));
  on(): this {
    return this;
  }
  disconnect = jest.fn();

  private decide(key: string, limit: number, windowMs: number): number[] {
    const count = this.counts.get(key) ?? 0;
    if (count >= limit) return [0, 0, Math.ceil(windowMs / 1000)];
    this.counts.set(key, count + 1);
    return [1, limit - count - 1, Math.ceil(windowMs / 1000)];
  }
}

/** Lets the event loop run its current turn to the end, where the store sends what it holds. */
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('RedisRateLimitStore (batching, against a fake client)', () => {
  let redis: FakeRedis;
  let fallback: MemoryRateLimitStore;
  let log: { warn: jest.Mock; info: jest.Mock };
  let store: RedisRateLimitStore;

  beforeEach(() => {
    redis = new FakeRedis();
    fallback = new MemoryRateLimitStore(new FakeClock());
    log = { warn: jest.fn(), info: jest.fn() };
    store = new RedisRateLimitStore(redis as unknown as Redis, fallback, 'rl:', log, new FakeClock());
  });

  it('sends the hits of one turn as one script, in the order they came, and gives each its own decision', async () => {
    const decisions = Promise.all([
      store.hit('a', 2, 60_000),
      store.hit('b', 5, 1_000),
      store.hit('a', 2, 60_000),
      store.hit('a', 2, 60_000),
    ]);
    expect(redis.scripts).toHaveLength(0);
    await endOfTurn();
    expect(redis.scripts).toHaveLength(1);
    const [script] = redis.scripts;
    expect(script.keys).toEqual(['rl:a', 'rl:b', 'rl:a', 'rl:a']);
    expect(script.limits).toEqual([2, 5, 2, 2]);
    expect(script.windows).toEqual([60_000, 1_000, 60_000, 60_000]);
    script.answer();
    expect(await decisions).toEqual([
      { allowed: true, remaining: 1, resetSeconds: 60 },
      { allowed: true, remaining: 4, resetSeconds: 1 },
      { allowed: true, remaining: 0, resetSeconds: 60 },
      { allowed: false, remaining: 0, resetSeconds: 60 },
    ]);
  });

  it('gives every script a batch prefix of its own, so that members never collide', async () => {
    const first = store.hit('a', 10, 60_000);
    await endOfTurn();
    redis.scripts[0].answer();
    await first;
    const second = store.hit('a', 10, 60_000);
    await endOfTurn();
    redis.scripts[1].answer();
    await second;
    expect(redis.scripts[0].batch).not.toEqual(redis.scripts[1].batch);
    expect(redis.scripts[0].batch).toMatch(/^[0-9a-f]{12}:\d+:$/);
  });

  it(`splits a turn of more than ${MAX_HITS_PER_SCRIPT} hits into scripts of at most that many, sent together`, async () => {
    const count = 2 * MAX_HITS_PER_SCRIPT + 3;
    const decisions = Promise.all(Array.from({ length: count }, () => store.hit('k', 1_000, 60_000)));
    await endOfTurn();
    expect(redis.scripts.map((s) => s.keys.length)).toEqual([MAX_HITS_PER_SCRIPT, MAX_HITS_PER_SCRIPT, 3]);
    redis.scripts.forEach((s) => s.answer());
    expect((await decisions).map((d) => d.remaining)).toEqual(Array.from({ length: count }, (_, i) => 999 - i));
  });

  it('holds the hits that come while a reply is owed, and sends them together when it arrives', async () => {
    const first = store.hit('k', 10, 60_000);
    await endOfTurn();
    expect(redis.scripts).toHaveLength(1);
    const waiting = [store.hit('k', 10, 60_000)];
    await endOfTurn();
    waiting.push(store.hit('k', 10, 60_000), store.hit('j', 10, 60_000));
    await endOfTurn();
    expect(redis.scripts).toHaveLength(1);
    redis.scripts[0].answer();
    expect(await first).toMatchObject({ allowed: true, remaining: 9 });
    expect(redis.scripts).toHaveLength(2);
    expect(redis.scripts[1].keys).toEqual(['rl:k', 'rl:k', 'rl:j']);
    redis.scripts[1].answer();
    expect((await Promise.all(waiting)).map((d) => d.remaining)).toEqual([8, 7, 9]);
  });

  it('counts the hits of a failed script in memory, logs the outage once, and sends nothing while the circuit is open', async () => {
    const decisions = Promise.all([store.hit('k', 3, 60_000), store.hit('k', 3, 60_000)]);
    await endOfTurn();
    redis.scripts[0].fail(new Error('Connection is closed.'));
    expect((await decisions).map((d) => d.remaining)).toEqual([2, 1]);
    expect(await store.hit('k', 3, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(redis.scripts).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatch(/^Redis is unreachable \(Connection is closed\.\): rate limits are counted per instance/);
  });

  it('counts the hits that waited behind a failed script in memory at once, sending them nowhere', async () => {
    const first = store.hit('k', 3, 60_000);
    await endOfTurn();
    const behind = [store.hit('k', 3, 60_000), store.hit('j', 3, 60_000)];
    await endOfTurn();
    redis.scripts[0].fail(new Error('Command timed out'));
    expect(await first).toMatchObject({ allowed: true, remaining: 2 });
    expect((await Promise.all(behind)).map((d) => d.remaining)).toEqual([1, 2]);
    await endOfTurn();
    expect(redis.scripts).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('counts in memory at once, sending nothing, while the connection is not ready', async () => {
    redis.status = 'reconnecting';
    expect(await store.hit('k', 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 });
    await endOfTurn();
    expect(redis.scripts).toHaveLength(0);
  });

  it('loads the script again after a NOSCRIPT and sends the same batch once more', async () => {
    redis.loaded = false;
    const decisions = Promise.all([store.hit('a', 5, 60_000), store.hit('b', 5, 60_000)]);
    await endOfTurn();
    expect(redis.loads).toBe(1);
    expect(redis.scripts).toHaveLength(1);
    expect(redis.scripts[0].keys).toEqual(['rl:a', 'rl:b']);
    redis.scripts[0].answer();
    expect((await decisions).map((d) => d.remaining)).toEqual([4, 4]);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
