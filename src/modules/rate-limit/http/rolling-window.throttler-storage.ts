import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimitStore } from '../domain/rate-limit-store';

/**
 * @nestjs/throttler's storage interface over our exact rolling window. The throttler's
 * `blockDuration` (a penalty box after the first excess request) is deliberately ignored:
 * the contract wants a slot back the moment the oldest request leaves the window.
 * `ttl` arrives in milliseconds; the returned times are in seconds, as the guard expects.
 */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export class RollingWindowThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: RateLimitStore) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const decision = await this.store.hit(key, limit, ttl);
    return {
      totalHits: limit - decision.remaining,
      timeToExpire: decision.resetSeconds,
      isBlocked: !decision.allowed,
      timeToBlockExpire: decision.allowed ? 0 : decision.resetSeconds,
    };
  }
}
