import { Logger, Module, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/ports/clock';
import { FAIL_FAST_REDIS_OPTIONS } from '../../common/redis/redis-options';
import { RateLimitStore } from './domain/rate-limit-store';
import { MemoryRateLimitStore } from './infrastructure/in-memory/memory-rate-limit.store';
import { RedisRateLimitStore } from './infrastructure/redis/redis-rate-limit.store';

/** How long start-up waits for Redis before it begins with per-instance limits. */
const REDIS_STARTUP_WAIT_MS = 2_000;

/**
 * Fails fast (see FAIL_FAST_REDIS_OPTIONS): a request counts in memory rather than wait on Redis.
 * Every request's hit is one EVALSHA; auto-pipelining sends those issued in one event-loop turn
 * as one write (each script still runs atomically, in order), instead of a write and a read per
 * request on both sides.
 */
export function connectRateLimitRedis(url: string): Redis {
  return new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableAutoPipelining: true });
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

@Module({
  providers: [{ provide: RateLimitStore, inject: [AppConfig, Clock], useFactory: createStore }],
  exports: [RateLimitStore],
})
export class RateLimitModule implements OnModuleDestroy {
  constructor(private readonly store: RateLimitStore) {}

  onModuleDestroy(): void {
    if (this.store instanceof RedisRateLimitStore) this.store.close();
  }
}
