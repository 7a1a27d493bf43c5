import { Clock } from '../../../../common/ports/clock';
import { RateLimitDecision, RateLimitStore } from '../../domain/rate-limit-store';
import { SlidingWindowLog } from '../../domain/sliding-window';

/** How many idle keys one request may sweep: more than one, so idle keys drain faster than new ones arrive. */
const EVICTIONS_PER_HIT = 2;

/**
 * One process's windows. Memory is bounded per key (at most `limit` timestamps) and in
 * total by the keys active within their window: the Map is kept in least-recently-used
 * order (a hit re-inserts its key at the end), so idle keys gather at the front and each
 * hit evicts a few of them — O(1) per request, no timers.
 */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly logs = new Map<string, SlidingWindowLog>();

  constructor(private readonly clock: Clock) {
    super();
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    let log = this.logs.get(key);
    if (log) this.logs.delete(key);
    else log = new SlidingWindowLog(Math.min(limit, 16));
    const decision = log.hit(now, limit, windowMs);
    this.logs.set(key, log);
    this.evictIdle(now);
    return Promise.resolve(decision);
  }

  /** Keys currently held (for tests and diagnostics). */
  get size(): number {
    return this.logs.size;
  }

  private evictIdle(now: number): void {
    let swept = 0;
    for (const [key, log] of this.logs) {
      if (swept >= EVICTIONS_PER_HIT || !log.isIdle(now)) break;
      this.logs.delete(key);
      swept += 1;
    }
  }
}
