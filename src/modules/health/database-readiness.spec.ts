import { FakeClock } from '../../common/testing/fake-clock';
import { DatabaseReadiness, type ReadinessTiming } from './database-readiness';

const TIMING: ReadinessTiming = { reuseMs: 1_000, boundMs: 2_000, recentMs: 5_000 };

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

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('DatabaseReadiness', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one query between concurrent checks, and its answer for reuseMs', async () => {
    const clock = new FakeClock();
    const db = manualQuery();
    const readiness = new DatabaseReadiness(db.query, clock, TIMING);
    const concurrent = Array.from({ length: 100 }, () => readiness.check());
    clock.advance(3);
    db.answer();
    const answers = await Promise.all(concurrent);
    expect(db.query).toHaveBeenCalledTimes(1);
    expect(answers.every((a) => a === answers[0])).toBe(true);
    expect(answers[0]).toEqual({ ready: true, latencyMs: 3, queueing: false });

    clock.advance(999);
    await readiness.check();
    expect(db.query).toHaveBeenCalledTimes(1);
    clock.advance(1);
    const next = readiness.check();
    expect(db.query).toHaveBeenCalledTimes(2);
    db.answer();
    await expect(next).resolves.toMatchObject({ ready: true });
  });

  it('is not ready when the database is read-only', async () => {
    const db = manualQuery();
    const readiness = new DatabaseReadiness(db.query, new FakeClock(), TIMING);
    const check = readiness.check();
    db.answer(true);
    await expect(check).resolves.toEqual({ ready: false, why: 'the database is read-only and refuses writes' });
  });

  it('is not ready when the database cannot be reached, even right after an answer', async () => {
    const clock = new FakeClock();
    const db = manualQuery();
    const readiness = new DatabaseReadiness(db.query, clock, TIMING);
    const first = readiness.check();
    db.answer();
    await first;
    clock.advance(1_000);
    const second = readiness.check();
    db.fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    await expect(second).resolves.toEqual({ ready: false, why: 'the database cannot be reached' });
  });

  it('counts a wait for a pooled connection as queueing while a query answered recently, and as an outage after', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const clock = new FakeClock();
    const db = manualQuery();
    const readiness = new DatabaseReadiness(db.query, clock, TIMING);
    const first = readiness.check();
    db.answer();
    await first;

    // The pool is saturated: the probe's query waits past the bound.
    clock.advance(1_000);
    const waiting = readiness.check();
    clock.advance(2_000);
    await jest.advanceTimersByTimeAsync(2_000);
    await expect(waiting).resolves.toEqual({ ready: true, latencyMs: 2_000, queueing: true });

    // While it still waits, later checks start no second query.
    clock.advance(1_000);
    await expect(readiness.check()).resolves.toMatchObject({ ready: true, queueing: true });
    expect(db.query).toHaveBeenCalledTimes(2);

    // The pool gives up on it ('busy'): still queueing, within recentMs of the last answer.
    db.fail(new Error('timeout exceeded when trying to connect'));
    await flush();
    clock.advance(1_000);
    const busy = readiness.check();
    db.fail(new Error('timeout exceeded when trying to connect'));
    await expect(busy).resolves.toMatchObject({ ready: true, queueing: true });

    // Nothing has answered for longer than recentMs: an outage.
    clock.advance(2_000);
    const late = readiness.check();
    clock.advance(2_000);
    await jest.advanceTimersByTimeAsync(2_000);
    await expect(late).resolves.toEqual({ ready: false, why: 'the database did not answer in time' });
    expect(db.query).toHaveBeenCalledTimes(4);
  });

  it('with no answer ever, a query that waits past the bound is an outage', async () => {
    jest.useFakeTimers();
    const clock = new FakeClock();
    const readiness = new DatabaseReadiness(manualQuery().query, clock, TIMING);
    const check = readiness.check();
    clock.advance(2_000);
    await jest.advanceTimersByTimeAsync(2_000);
    await expect(check).resolves.toEqual({ ready: false, why: 'the database did not answer in time' });
  });
});
