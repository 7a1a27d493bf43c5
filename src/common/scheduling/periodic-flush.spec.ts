import { SchedulerRegistry } from '@nestjs/schedule';
import { FINAL_FLUSH_BOUND_MS, PeriodicFlush } from './periodic-flush';

describe('PeriodicFlush', () => {
  const options = { name: 'held-rows-flush', intervalMs: 60_000 };

  afterEach(() => jest.useRealTimers());

  it("registers an unref'd interval under its name once booted, and removes it when destroyed", async () => {
    const scheduler = new SchedulerRegistry();
    const flush = new PeriodicFlush(scheduler, async () => undefined, options);
    flush.onApplicationBootstrap();
    try {
      expect(scheduler.getIntervals()).toEqual(['held-rows-flush']);
      expect(scheduler.getInterval<NodeJS.Timeout>('held-rows-flush').hasRef()).toBe(false);
    } finally {
      await flush.onModuleDestroy();
    }
    expect(scheduler.getIntervals()).toEqual([]);
    // Nest's own clean-up after it finds nothing left, and a second destroy does not throw.
    await expect(flush.onModuleDestroy()).resolves.toBeUndefined();
  });

  it('flushes on every interval, and a last time when destroyed', async () => {
    jest.useFakeTimers();
    let flushes = 0;
    const flush = new PeriodicFlush(new SchedulerRegistry(), async () => void (flushes += 1), options);
    flush.onApplicationBootstrap();
    jest.advanceTimersByTime(options.intervalMs * 2);
    expect(flushes).toBe(2);
    await flush.onModuleDestroy();
    expect(flushes).toBe(3);
    jest.advanceTimersByTime(options.intervalMs);
    expect(flushes).toBe(3);
  });

  it('waits for the last flush at most FINAL_FLUSH_BOUND_MS', async () => {
    jest.useFakeTimers();
    const flush = new PeriodicFlush(new SchedulerRegistry(), () => new Promise<void>(() => undefined), options);
    flush.onApplicationBootstrap();
    let done = false;
    const destroyed = flush.onModuleDestroy().then(() => (done = true));
    await jest.advanceTimersByTimeAsync(FINAL_FLUSH_BOUND_MS - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await destroyed;
    expect(done).toBe(true);
  });
});
