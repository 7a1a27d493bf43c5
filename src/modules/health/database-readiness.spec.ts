import { FakeClock } from '../../common/testing/fake-clock';
import { DatabaseReadiness, type ReadinessTiming } from './database-readiness';

const TIMING: ReadinessTiming = { reuseMs: 1_000, poolWaitMs: 1_000 };

/** A query whose answers the test gives by hand, counting how many were asked. */
function manualQuery() {
  const pending: Array<{ resolve: (readOnly: boolean) => void; reject: (error: unknown) => void }> = [];
  const query = jest.fn(() => new Promise<boolean>((resolve, reject) => pending.push({ resolve, reject })));
  return {
    query,
    answer: (readOnly = false) => pending.shift()!.resolve(readOnly),
    fail: (error: unknown) => pending.shift()!.reject(error),
  };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const poolTimeout = () => new Error('timeout exceeded when trying to connect');
const flush = () => new Promise((resolve) => setImmediate(resolve));

function world() {
  const clock = new FakeClock();
  const pool = manualQuery();
  const direct = manualQuery();
  return { clock, pool, direct, readiness: new DatabaseReadiness(pool.query, direct.query, clock, TIMING) };
}

describe('DatabaseReadiness', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one pooled query between concurrent checks, and its answer for reuseMs', async () => {
    const { clock, pool, direct, readiness } = world();
    const concurrent = Array.from({ length: 100 }, () => readiness.check());
    clock.advance(3);
    pool.answer();
    const answers = await Promise.all(concurrent);
    expect(pool.query).toHaveBeenCalledTimes(1);
    expect(answers.every((a) => a === answers[0])).toBe(true);
    expect(answers[0]).toEqual({ ready: true, latencyMs: 3, queueing: false });

    clock.advance(999);
    await readiness.check();
    expect(pool.query).toHaveBeenCalledTimes(1);
    clock.advance(1);
    const next = readiness.check();
    expect(pool.query).toHaveBeenCalledTimes(2);
    pool.answer();
    await expect(next).resolves.toMatchObject({ ready: true });
    expect(direct.query).not.toHaveBeenCalled();
  });

  it('is not ready when the database is read-only', async () => {
    const { pool, readiness } = world();
    const check = readiness.check();
    pool.answer(true);
    await expect(check).resolves.toEqual({ ready: false, why: 'the database is read-only and refuses writes' });
  });

  it('is not ready when the database cannot be reached, without asking it again directly', async () => {
    const { pool, direct, readiness } = world();
    const check = readiness.check();
    pool.fail(refused());
    await expect(check).resolves.toEqual({ ready: false, why: 'the database cannot be reached' });
    expect(direct.query).not.toHaveBeenCalled();
  });

  it('when the pool cannot serve the probe, asks the database directly: it answers, so the pool is a queue', async () => {
    const { clock, pool, direct, readiness } = world();
    const check = readiness.check();
    pool.fail(poolTimeout());
    await flush();
    expect(direct.query).toHaveBeenCalledTimes(1);
    clock.advance(5);
    direct.answer();
    await expect(check).resolves.toEqual({ ready: true, latencyMs: 5, queueing: true });
  });

  it('when the pool cannot serve the probe and the database does not answer directly either, is not ready', async () => {
    const { pool, direct, readiness } = world();
    const check = readiness.check();
    pool.fail(poolTimeout());
    await flush();
    direct.fail(new Error('timeout expired'));
    await expect(check).resolves.toEqual({ ready: false, why: 'the database cannot be reached' });
  });

  it('a pooled query waiting past poolWaitMs: asks directly, and starts no second pooled query while it waits', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { clock, pool, direct, readiness } = world();
    const first = readiness.check();
    clock.advance(1_000);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(direct.query).toHaveBeenCalledTimes(1);
    direct.answer();
    await expect(first).resolves.toEqual({ ready: true, latencyMs: 1_000, queueing: true });

    clock.advance(1_000);
    const second = readiness.check();
    await flush();
    expect(pool.query).toHaveBeenCalledTimes(1);
    expect(direct.query).toHaveBeenCalledTimes(2);
    direct.fail(new Error('Connection terminated due to connection timeout'));
    await expect(second).resolves.toEqual({ ready: false, why: 'the database cannot be reached' });

    // The pooled query ends at last: the next check asks the pool again.
    pool.answer();
    await flush();
    clock.advance(1_000);
    const third = readiness.check();
    expect(pool.query).toHaveBeenCalledTimes(2);
    pool.answer();
    await expect(third).resolves.toMatchObject({ ready: true, queueing: false });
  });
});
