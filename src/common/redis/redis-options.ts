import type { RedisOptions } from 'ioredis';

/**
 * For Redis uses that must never hold up a request: short timeouts, no offline queue, no
 * retried commands. A command while Redis is away fails at once, its caller falls back to
 * what works without Redis, and ioredis keeps reconnecting in the background.
 */
export const FAIL_FAST_REDIS_OPTIONS: RedisOptions = {
  connectTimeout: 1_000,
  commandTimeout: 500,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
};
