import { Logger, Module, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/ports/clock';
import { FAIL_FAST_REDIS_OPTIONS } from '../../common/redis/redis-options';
import { RateLimitStore } from './domain/rate-limit-store';
import { ThrottlerRefusals } from './domain/throttler-refusals';
import { MemoryRateLimitStore } from './infrastructure/in-memory/memory-rate-limit.store';
import { RedisRateLimitStore } from './infrastructure/redis/redis-rate-limit.store';
import { SlidingWindowThrottlerStorage } from './infrastructure/throttler/sliding-window-throttler.storage';

/** How long start-up waits for Redis before it begins with per-instance limits. */
const REDIS_STARTUP_WAIT_MS = 2_000;

/**
 * Fails fast (see FAIL_FAST_REDIS_OPTIONS): a request counts in memory rather than wait on Redis.
 * No auto-pipelining: the store already sends the hits of a turn together, as one script
 * (RedisRateLimitStore), and ioredis's pipelining would only hold that script one more turn.
 */
export function connectRateLimitRedis(url: string): Redis {
  return new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableAutoPipelining: false });
}

async function createStore(config: AppConfig, clock: Clock): Promise<RateLimitStore> {
  const memory = new MemoryRateLimitStore(clock);
  if (!config.redisUrl) return memory;
  const redis = connectRateLimitRedis(config.redisUrl);
  const logger = new Logger('RateLimit');
  const store = new RedisRateLimitStore(
    redis,
    memory,
    config.rateLimitRedisPrefix,
    { warn: (message) => logger.warn(message), info: (message) => logger.log(message) },
    clock,
  );
  await new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    const timer = setTimeout(resolve, REDIS_STARTUP_WAIT_MS);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return store;
}

/**
 * The rolling windows (RateLimitStore), and the same windows as @nestjs/throttler's storage,
 * which app.module.ts hands to ThrottlerModule: every limit of the service counts in them; and
 * the announcements of their refusals (ThrottlerRefusals), which the metrics count.
 */
@Module({
  providers: [
    { provide: RateLimitStore, inject: [AppConfig, Clock], useFactory: createStore },
    { provide: ThrottlerRefusals, useValue: new ThrottlerRefusals() },
    {
      provide: SlidingWindowThrottlerStorage,
      inject: [RateLimitStore, ThrottlerRefusals],
      useFactory: (store: RateLimitStore, refusals: ThrottlerRefusals) => new SlidingWindowThrottlerStorage(store, refusals),
    },
  ],
  exports: [RateLimitStore, SlidingWindowThrottlerStorage, ThrottlerRefusals],
})
export class RateLimitModule implements OnModuleDestroy {
  constructor(private readonly store: RateLimitStore) {}

  onModuleDestroy(): void {
    if (this.store instanceof RedisRateLimitStore) this.store.close();
  }
}
