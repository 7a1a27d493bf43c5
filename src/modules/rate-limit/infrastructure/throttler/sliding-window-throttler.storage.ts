import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimitStore } from '../../domain/rate-limit-store';
import { ThrottlerRefusals } from '../../domain/throttler-refusals';

/** What `increment` answers (the package's index does not export the record's interface by name). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's storage port, answered by the exact rolling windows of a RateLimitStore
 * (this instance's memory, or Redis shared by every instance): `limit` hits in any `ttl`
 * milliseconds per key, never a fixed window that lets twice the limit through across its edge.
 *
 * - A refused hit is not recorded, so a client retrying too early does not push its own slot
 *   further away; `timeToBlockExpire` is then the exact wait until a slot frees.
 * - Times are whole seconds, rounded up, at least 1 (`timeToExpire`: until the oldest counted hit
 *   leaves the window).
 * - `blockDuration` has no meaning here: a refusal lasts exactly until the window has room again.
 *   The throttler guard refuses routes that set one (access/http/key-throttler.guard.ts).
 * - `throttlerName` is not needed for counting (the key already names its throttler); a refusal
 *   is announced under it (ThrottlerRefusals: the metrics' `todo_rate_limit_refusals_total`).
 */
export class SlidingWindowThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly store: RateLimitStore,
    private readonly refusals: ThrottlerRefusals = new ThrottlerRefusals(),
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration?: number,
    throttlerName?: string,
  ): Promise<ThrottlerStorageRecord> {
    const decision = await this.store.hit(key, limit, ttl);
    if (decision.allowed) {
      return { totalHits: limit - decision.remaining, timeToExpire: decision.resetSeconds, isBlocked: false, timeToBlockExpire: 0 };
    }
    // @nestjs/throttler names an unnamed throttler `default`.
    this.refusals.refused(throttlerName ?? 'default');
    // The refused hit counts as one beyond the limit, as the package's own storage reports it.
    return { totalHits: limit + 1, timeToExpire: decision.resetSeconds, isBlocked: true, timeToBlockExpire: decision.resetSeconds };
  }
}
