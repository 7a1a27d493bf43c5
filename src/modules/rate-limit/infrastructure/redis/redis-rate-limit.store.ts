import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { Clock, SystemClock } from '../../../../common/ports/clock';
import { OutageLog, RedisCircuit } from '../../../../common/redis/redis-circuit';
import { RateLimitDecision, RateLimitStore } from '../../domain/rate-limit-store';
import { SLIDING_WINDOW_LUA } from './sliding-window.lua';

export type RateLimitLog = OutageLog;

/** A hit waiting for its batch's script. */
interface PendingHit {
  key: string;
  limit: number;
  windowMs: number;
  settle: (decision: RateLimitDecision) => void;
  fail: (error: unknown) => void;
}

/**
 * The most hits one script run decides: Redis runs a script alone, so this bounds how long one
 * batch can hold up every other client of the server (a few microseconds per hit).
 */
export const MAX_HITS_PER_SCRIPT = 64;

/**
 * Windows shared by every instance through Redis. The hits issued in one turn of the event loop
 * travel together as one EVALSHA of an atomic script (at most MAX_HITS_PER_SCRIPT each; loaded
 * again after a NOSCRIPT, e.g. when Redis restarted): one command, one reply and one script run
 * for all of them, on both sides, instead of one each. When Redis cannot answer, requests are
 * counted by `fallback` (this instance's memory) so the service keeps serving. A RedisCircuit
 * decides: after the first failure or timeout every request counts locally at once (a Redis that
 * accepts connections but never answers costs one command timeout, not one per request) until a
 * background PING, then one request, find Redis answering again. The switch is logged once each way.
 */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly sha = createHash('sha1').update(SLIDING_WINDOW_LUA).digest('hex');
  /** Members must be unique per request across instances: this instance's id, a batch counter, the hit's place. */
  private readonly instance = randomBytes(6).toString('hex');
  private sequence = 0;
  private readonly circuit: RedisCircuit;
  /** Hits waiting for the next script. */
  private pending: PendingHit[] = [];
  /** A flush is due at the end of this turn of the event loop. */
  private flushDue = false;
  /** Scripts sent whose replies are still owed. */
  private inFlight = 0;

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
      () => {
        // Not connected: do not wait for a connection (the offline queue is off), count locally.
        if (this.redis.status !== 'ready') return Promise.reject(new Error(`Redis connection is ${this.redis.status}`));
        return new Promise<RateLimitDecision>((settle, fail) => {
          this.pending.push({ key: this.prefix + key, limit, windowMs, settle, fail });
          // With nothing owed, the hits of this turn go once its I/O callbacks have run; otherwise
          // they wait for the reply owed, and go together then (see flush).
          if (this.inFlight === 0 && !this.flushDue) {
            this.flushDue = true;
            setImmediate(this.flush);
          }
        });
      },
      () => this.fallback.hit(key, limit, windowMs),
      () => this.redis.ping(),
    );
  }

  /** Drops the connection at once: a `quit` would wait on a Redis that may be gone. */
  close(): void {
    this.redis.disconnect();
  }

  /**
   * Sends every waiting hit. Under load, the hits that arrive while a script's reply is owed
   * wait for it and then go together: one script per round trip to Redis rather than one per
   * request, which is what Redis's CPU (and the service's) goes on. A hit waits for at most one
   * reply before its own is sent, and that reply is bounded by the command timeout.
   */
  private readonly flush = (): void => {
    this.flushDue = false;
    const hits = this.pending;
    this.pending = [];
    for (let from = 0; from < hits.length; from += MAX_HITS_PER_SCRIPT) {
      const batch = hits.slice(from, from + MAX_HITS_PER_SCRIPT);
      this.inFlight += 1;
      this.decide(batch)
        .then(
          (replies) => {
            for (let i = 0; i < batch.length; i += 1)
              batch[i].settle({ allowed: replies[3 * i] === 1, remaining: replies[3 * i + 1], resetSeconds: replies[3 * i + 2] });
          },
          (error: unknown) => {
            batch.forEach((hit) => hit.fail(error));
            // Redis just failed and the circuit opens: the hits waiting for this reply count in
            // memory now, as every later hit will, rather than wait on another script.
            const waiting = this.pending;
            this.pending = [];
            waiting.forEach((hit) => hit.fail(error));
          },
        )
        .finally(() => {
          this.inFlight -= 1;
          if (this.inFlight === 0 && this.pending.length > 0 && !this.flushDue) this.flush();
        });
    }
  };

  private async decide(batch: PendingHit[]): Promise<number[]> {
    this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
    const args: (string | number)[] = batch.map((hit) => hit.key);
    args.push(`${this.instance}:${this.sequence}:`);
    for (const hit of batch) args.push(hit.limit, Math.ceil(hit.windowMs));
    try {
      return (await this.redis.evalsha(this.sha, batch.length, ...args)) as number[];
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      await this.redis.script('LOAD', SLIDING_WINDOW_LUA);
      return (await this.redis.evalsha(this.sha, batch.length, ...args)) as number[];
    }
  }
}
