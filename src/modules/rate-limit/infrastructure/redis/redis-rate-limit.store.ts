import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { Clock, SystemClock } from '../../../../common/ports/clock';
import { OutageLog, RedisCircuit } from '../../../../common/redis/redis-circuit';
import { RateLimitDecision, RateLimitStore } from '../../domain/rate-limit-store';
import { SLIDING_WINDOW_LUA } from './sliding-window.lua';

export type RateLimitLog = OutageLog;

/**
 * Windows shared by every instance through Redis: one EVALSHA of an atomic script per
 * request (loaded again after a NOSCRIPT, e.g. when Redis restarted). When Redis cannot
 * answer, requests are counted by `fallback` (this instance's memory) so the service keeps
 * serving. A RedisCircuit decides: after the first failure or timeout every request counts
 * locally at once (a Redis that accepts connections but never answers costs one command
 * timeout, not one per request) until a background PING, then one request, find Redis
 * answering again. The switch is logged once each way.
 */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly sha = createHash('sha1').update(SLIDING_WINDOW_LUA).digest('hex');
  /** Members must be unique per request across instances: this instance's id plus a counter. */
  private readonly instance = randomBytes(6).toString('hex');
  private sequence = 0;
  private readonly circuit: RedisCircuit;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: RateLimitStore,
    private readonly prefix: string,
    log: RateLimitLog,
    clock: Clock = new SystemClock(),
  ) {
    super();
    this.circuit = new RedisCircuit(
      log,
      {
        down: (cause) => `Redis is unreachable${cause}: rate limits are counted per instance until it is back`,
        up: 'Redis is reachable again: rate limits are shared across instances again',
        // A command that timed out leaves replies owed on the connection: start a fresh one.
        resetConnection: () => redis.disconnect(true),
      },
      clock,
    );
    redis.on('error', (error: Error) => this.circuit.failed(error));
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.circuit.run(
      async () => {
        // Not connected: do not wait for a connection (the offline queue is off), count locally.
        if (this.redis.status !== 'ready') throw new Error(`Redis connection is ${this.redis.status}`);
        const [admitted, remaining, seconds] = await this.run(this.prefix + key, limit, windowMs);
        return { allowed: admitted === 1, remaining, resetSeconds: seconds };
      },
      () => this.fallback.hit(key, limit, windowMs),
      () => this.redis.ping(),
    );
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
}
