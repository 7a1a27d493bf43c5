import { FakeClock } from '../../../../common/testing/fake-clock';
import { describeThrottlerStorageContract } from '../../testing/throttler-storage.contract';
import { ThrottlerRefusals } from '../../domain/throttler-refusals';
import { MemoryRateLimitStore } from '../in-memory/memory-rate-limit.store';
import { SlidingWindowThrottlerStorage } from './sliding-window-throttler.storage';

describeThrottlerStorageContract('SlidingWindowThrottlerStorage over MemoryRateLimitStore', () => {
  return new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(new FakeClock()));
});

describe('SlidingWindowThrottlerStorage', () => {
  it('frees a slot exactly when the oldest counted hit leaves the window, not at a fixed window edge', async () => {
    const clock = new FakeClock();
    const storage = new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(clock));
    await storage.increment('k', 10_000, 2, 10_000, 'default');
    clock.advance(6_000);
    expect(await storage.increment('k', 10_000, 2, 10_000, 'default')).toMatchObject({ isBlocked: false, totalHits: 2, timeToExpire: 4 });
    const refused = await storage.increment('k', 10_000, 2, 10_000, 'default');
    expect(refused).toMatchObject({ isBlocked: true, timeToBlockExpire: 4 });
    clock.advance(3_999);
    expect((await storage.increment('k', 10_000, 2, 10_000, 'default')).isBlocked).toBe(true);
    clock.advance(1);
    // The first hit left; the second stays until 16 s.
    expect(await storage.increment('k', 10_000, 2, 10_000, 'default')).toMatchObject({ isBlocked: false, totalHits: 2, timeToExpire: 6 });
  });

  it('ignores blockDuration: a refusal lasts until the window has room', async () => {
    const storage = new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(new FakeClock()));
    await storage.increment('k', 10_000, 1, 600_000, 'default');
    expect(await storage.increment('k', 10_000, 1, 600_000, 'default')).toMatchObject({ isBlocked: true, timeToBlockExpire: 10 });
  });

  it('announces each refusal under its throttler, and no admitted hit', async () => {
    const refusals = new ThrottlerRefusals();
    const heard: string[] = [];
    refusals.listen((name) => heard.push(name));
    const storage = new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(new FakeClock()), refusals);
    await storage.increment('portal:a', 60_000, 1, 60_000, 'portal');
    await storage.increment('portal:a', 60_000, 1, 60_000, 'portal');
    await storage.increment('k', 60_000, 1, 60_000);
    await storage.increment('k', 60_000, 1, 60_000);
    expect(heard).toEqual(['portal', 'default']);
  });
});
