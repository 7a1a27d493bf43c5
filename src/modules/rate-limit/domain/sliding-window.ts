import type { RateLimitDecision } from './rate-limit-store';

/** Whole seconds from `now` until `at`, rounded up, never below 1 (a Retry-After of 0 invites a busy loop). */
export const secondsUntil = (at: number, now: number): number => Math.max(1, Math.ceil((at - now) / 1000));

/**
 * The admission times of one key, oldest first, in a ring buffer that never holds more
 * than `limit` entries: a request counts while `now - at < windowMs`, and leaves the window
 * at exactly `at + windowMs`. Entries leave in the order they came, so expiring them is
 * amortised O(1); the buffer grows by doubling, so idle-but-generous limits (a benchmark's
 * limit of a million) cost memory only for what is actually in the window.
 */
export class SlidingWindowLog {
  private times: Float64Array;
  private start = 0;
  private size = 0;
  /** The window length of the last hit, so an eviction sweep can tell when the log went idle. */
  private windowMs = 0;

  constructor(initialCapacity = 16) {
    this.times = new Float64Array(Math.max(1, initialCapacity));
  }

  hit(now: number, limit: number, windowMs: number): RateLimitDecision {
    this.windowMs = windowMs;
    this.expire(now);
    if (this.size >= limit) {
      // The request that must leave before one more fits; normally the oldest, later ones
      // only if the limit was lowered while entries were in the window.
      return { allowed: false, remaining: 0, resetSeconds: secondsUntil(this.at(this.size - limit) + windowMs, now) };
    }
    this.push(now, limit);
    return { allowed: true, remaining: limit - this.size, resetSeconds: secondsUntil(this.at(0) + windowMs, now) };
  }

  /** No request of this log is in its window any more: forgetting it changes nothing. */
  isIdle(now: number): boolean {
    return this.size === 0 || this.at(this.size - 1) + this.windowMs <= now;
  }

  private expire(now: number): void {
    while (this.size > 0 && this.times[this.start] + this.windowMs <= now) {
      this.start = (this.start + 1) % this.times.length;
      this.size -= 1;
    }
  }

  private at(index: number): number {
    return this.times[(this.start + index) % this.times.length];
  }

  private push(now: number, limit: number): void {
    if (this.size === this.times.length) this.grow(Math.min(limit, this.times.length * 2));
    this.times[(this.start + this.size) % this.times.length] = now;
    this.size += 1;
  }

  private grow(capacity: number): void {
    const next = new Float64Array(Math.max(capacity, this.size + 1));
    for (let i = 0; i < this.size; i += 1) next[i] = this.at(i);
    this.times = next;
    this.start = 0;
  }
}
