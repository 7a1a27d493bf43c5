import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { RateLimitDecision, RateLimitStore } from '../../domain/rate-limit-store';
import { SLIDING_WINDOW_LUA } from './sliding-window.lua';

export interface RateLimitLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Windows shared by every instance through Redis: one EVALSHA of an atomic script per
 * request (loaded again after a NOSCRIPT, e.g. when Redis restarted). When Redis cannot
 * answer, requests are counted by `fallback` (this instance's memory) so the service keeps
 * serving; the switch is logged once each way, and the next request after Redis is ready
 * again goes back to it.
 */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly sha = createHash('sha1').update(SLIDING_WINDOW_LUA).digest('hex');
  /** Members must be unique per request across instances: this instance's id plus a counter. */
  private readonly instance = randomBytes(6).toString('hex');
  private sequence = 0;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: RateLimitStore,
    private readonly prefix: string,
    private readonly log: RateLimitLog,
  ) {
    super();
    redis.on('error', (error: Error) => this.fellBack(error));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    // Not connected: do not wait for a connection (the offline queue is off), count locally.
    if (this.redis.status !== 'ready') {
      this.fellBack();
      return this.fallback.hit(key, limit, windowMs);
    }
    try {
      const [admitted, remaining, seconds] = await this.run(this.prefix + key, limit, windowMs);
      if (this.degraded) {
        this.degraded = false;
        this.log.info('Redis is reachable again: rate limits are shared across instances again');
      }
      return { allowed: admitted === 1, remaining, resetSeconds: seconds };
    } catch (error) {
      this.fellBack(error as Error);
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  /** Drops the connection at once: a `quit` would wait on a Redis that may be gone. */
  close(): void {
    this.redis.disconnect();
  }

  private async run(key: string, limit: number, windowMs: number): Promise<[number, number, number]> {
    const member = `${this.instance}:${(this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER)}`;
    const args = [key, limit, windowMs, member] as const;
    try {
      return (await this.redis.evalsha(this.sha, 1, ...args)) as [number, number, number];
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      await this.redis.script('LOAD', SLIDING_WINDOW_LUA);
      return (await this.redis.evalsha(this.sha, 1, ...args)) as [number, number, number];
    }
  }

  private fellBack(error?: Error): void {
    if (this.degraded) return;
    this.degraded = true;
    const cause = error?.message ? ` (${error.message})` : '';
    this.log.warn(`Redis is unreachable${cause}: rate limits are counted per instance until it is back`);
  }
}
