import { FakeClock } from '../../../../common/testing/fake-clock';
import { describeRateLimitStoreContract } from '../../testing/rate-limit-store.contract';
import { MemoryRateLimitStore } from './memory-rate-limit.store';

describeRateLimitStoreContract('MemoryRateLimitStore', () => new MemoryRateLimitStore(new FakeClock()));

describe('MemoryRateLimitStore', () => {
  const WINDOW = 60_000;
  let clock: FakeClock;
  let store: MemoryRateLimitStore;

  beforeEach(() => {
    clock = new FakeClock('2026-03-01T12:00:00.000Z');
    store = new MemoryRateLimitStore(clock);
  });

  const hit = (key = 'k', limit = 120) => store.hit(key, limit, WINDOW);

  it('admits the 120th request with nothing left and refuses the 121st until the first leaves', async () => {
    const first = await hit();
    expect(first).toEqual({ allowed: true, remaining: 119, resetSeconds: 60 });
    for (let i = 2; i < 120; i += 1) {
      clock.advance(100);
      expect((await hit()).remaining).toBe(120 - i);
    }
    clock.advance(100); // 11.9 s after the first
    expect(await hit()).toEqual({ allowed: true, remaining: 0, resetSeconds: 49 }); // 48.1 s → 49
    expect(await hit()).toEqual({ allowed: false, remaining: 0, resetSeconds: 49 });
  });

  it('frees a slot exactly at the window edge, not a millisecond before', async () => {
    await hit('k', 2);
    clock.advance(10_000);
    await hit('k', 2);
    clock.advance(WINDOW - 10_000 - 1); // 59.999 s after the first
    expect(await hit('k', 2)).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
    clock.advance(1); // exactly 60 s: the first request has left
    expect(await hit('k', 2)).toEqual({ allowed: true, remaining: 0, resetSeconds: 10 });
  });

  it('rounds Retry-After up to whole seconds, and a retry after it succeeds while one before fails', async () => {
    await hit('k', 1);
    clock.advance(29_999); // 30.001 s left
    const refused = await hit('k', 1);
    expect(refused.resetSeconds).toBe(31);
    clock.advance((refused.resetSeconds - 1) * 1000);
    expect((await hit('k', 1)).allowed).toBe(false);
    clock.advance(1000);
    expect((await hit('k', 1)).allowed).toBe(true);
  });

  it('says 30 when exactly 30 s are left, and never less than 1', async () => {
    await hit('k', 1);
    clock.advance(30_000);
    expect((await hit('k', 1)).resetSeconds).toBe(30);
    clock.advance(29_999); // 1 ms left
    expect((await hit('k', 1)).resetSeconds).toBe(1);
  });

  it('does not let refused requests push the free slot further away', async () => {
    await hit('k', 1);
    for (let i = 0; i < 59; i += 1) {
      clock.advance(1000);
      expect((await hit('k', 1)).allowed).toBe(false);
    }
    clock.advance(1000);
    expect((await hit('k', 1)).allowed).toBe(true);
  });

  it('states t as the time until the oldest counted request leaves', async () => {
    await hit();
    clock.advance(10_500);
    expect(await hit()).toEqual({ allowed: true, remaining: 118, resetSeconds: 50 }); // 49.5 s → 50
  });

  it('evicts idle keys as later requests arrive, keeping active ones', async () => {
    for (let i = 0; i < 100; i += 1) await hit(`idle-${i}`);
    await hit('active');
    expect(store.size).toBe(101);
    clock.advance(WINDOW - 1);
    await hit('active'); // the idle keys' requests are 59.999 s old: still counted, kept
    expect(store.size).toBe(101);
    clock.advance(1);
    for (let i = 0; i < 60; i += 1) await hit('active');
    expect(store.size).toBe(1);
    // An evicted key starts afresh, exactly as if it had been kept.
    expect(await hit('idle-0')).toEqual({ allowed: true, remaining: 119, resetSeconds: 60 });
  });

  it('keeps no more than the limit per key however many requests are refused', async () => {
    for (let i = 0; i < 10_000; i += 1) await hit('k', 3);
    clock.advance(WINDOW);
    expect(await hit('k', 3)).toEqual({ allowed: true, remaining: 2, resetSeconds: 60 });
  });
});
