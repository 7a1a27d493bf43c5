import { SlidingWindowLog, secondsUntil } from './sliding-window';

/** A tiny deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('secondsUntil', () => {
  it.each([
    [60_000, 60],
    [59_001, 60],
    [59_000, 59],
    [1, 1],
    [0, 1],
    [-5, 1],
  ])('%i ms → %i s', (ms, seconds) => {
    expect(secondsUntil(1_000_000 + ms, 1_000_000)).toBe(seconds);
  });
});

describe('SlidingWindowLog (brute-force property)', () => {
  /**
   * Random traffic — bursts, idle gaps, requests landing exactly on window edges — checked
   * against the definition: no window of W ms ever holds more than `limit` admitted
   * requests; a request is refused only when the window is really full; and Retry-After N
   * is exact: N seconds later a request fits, N-1 seconds later it would not have.
   */
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))('holds for random traffic, seed %i', (seed) => {
    const random = prng(seed);
    const limit = 1 + Math.floor(random() * 12);
    const windowMs = 1000 * (1 + Math.floor(random() * 5)) + (random() < 0.3 ? Math.floor(random() * 999) : 0);
    const log = new SlidingWindowLog(2);
    const admitted: number[] = [];
    /** Admitted requests in the window ending at `at`: (at - W, at]. `admitted` is in time order. */
    const inWindow = (at: number) => {
      let count = 0;
      for (let i = admitted.length - 1; i >= 0 && at - admitted[i] < windowMs; i -= 1) if (admitted[i] <= at) count += 1;
      return count;
    };
    const violations: string[] = [];
    let now = 0;

    for (let step = 0; step < 2000; step += 1) {
      const r = random();
      if (r < 0.6) now += Math.floor(random() * 50);
      else if (r < 0.8) now += Math.floor(random() * windowMs);
      else if (r < 0.9 && admitted.length > 0)
        now = Math.max(now, admitted[admitted.length - 1] + windowMs); // exactly on an edge
      else now += windowMs * 2;

      const before = inWindow(now);
      const decision = log.hit(now, limit, windowMs);
      const fail = (what: string) => violations.push(`step ${step} at ${now} ms (limit ${limit}, window ${windowMs}): ${what}`);
      if (decision.allowed) {
        if (before >= limit) fail(`admitted with ${before} already in the window`);
        admitted.push(now);
        if (decision.remaining !== limit - before - 1) fail(`remaining ${decision.remaining}, expected ${limit - before - 1}`);
        const oldest = admitted[admitted.length - inWindow(now)];
        if (decision.resetSeconds !== secondsUntil(oldest + windowMs, now)) fail(`t ${decision.resetSeconds}`);
      } else {
        if (before !== limit) fail(`refused with only ${before} in the window`);
        if (decision.remaining !== 0) fail(`refused with remaining ${decision.remaining}`);
        const n = decision.resetSeconds;
        if (inWindow(now + n * 1000) >= limit) fail(`a retry after Retry-After ${n} s would still be refused`);
        if (n > 1 && inWindow(now + (n - 1) * 1000) < limit) fail(`Retry-After ${n} s is not exact: ${n - 1} s would do`);
      }
      if (violations.length > 0) break;
    }
    // The property itself, over every window ending at an admitted request.
    for (const end of admitted) if (inWindow(end) > limit) violations.push(`${inWindow(end)} admitted in the window ending at ${end}`);
    expect(violations).toEqual([]);
    expect(admitted.length).toBeGreaterThan(limit); // the run really exercised the limit
  });
});
