import { Clock, SystemClock } from '../ports/clock';

export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisCircuitOptions {
  /** What the outage means for this use of Redis, logged once when it starts (the cause is appended). */
  down: (cause: string) => string;
  /** Logged once when Redis answers again. */
  up: string;
  /** Called when a command timed out: the connection's state is unknown, so it is dropped (and reconnects). */
  resetConnection?: () => void;
  /** First wait before a probe, doubled after each failed probe up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** ioredis's commandTimeout: the command was sent, its reply is still owed on that connection. */
export const isTimeout = (error: unknown): boolean => /Command timed out/.test(String((error as Error)?.message ?? ''));

/**
 * A circuit breaker for one use of Redis, and the one place that logs its outages. Closed, every
 * call goes to Redis. The first failure (a timeout included: a Redis that accepts connections but
 * never answers) opens it: calls then go straight to their fallback, so a hung Redis costs one
 * command timeout, not one per request. While open, at most one probe (a cheap command, never a
 * caller's own request) runs in the background once the retry delay has passed; when it succeeds,
 * the next call is let through to Redis as a trial, and its success closes the circuit. Time comes
 * from the Clock port, and probes are started by calls, never by timers, so tests drive it.
 */
export class RedisCircuit {
  private state: 'closed' | 'open' | 'trial' = 'closed';
  private nextProbeAt = 0;
  private retryMs: number;
  private probing = false;
  private logged = false;

  constructor(
    private readonly log: OutageLog,
    private readonly options: RedisCircuitOptions,
    private readonly clock: Clock = new SystemClock(),
  ) {
    this.retryMs = options.retryMs ?? 1_000;
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /**
   * `call` against Redis when the circuit lets it, else `fallback`; a failed call falls back too.
   * `probe` is what checks, off the caller's path, whether Redis answers again.
   */
  async run<T>(call: () => Promise<T>, fallback: () => Promise<T>, probe: () => Promise<unknown>): Promise<T> {
    if (this.state === 'open') {
      this.maybeProbe(probe);
      return fallback();
    }
    try {
      const result = await call();
      this.succeeded();
      return result;
    } catch (error) {
      this.failed(error);
      return fallback();
    }
  }

  /** Redis answered a call. */
  succeeded(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.retryMs = this.options.retryMs ?? 1_000;
    if (this.logged) {
      this.logged = false;
      this.log.info(this.options.up);
    }
  }

  /** A call failed (or Redis reported an error): open, and say so once per outage. */
  failed(error?: unknown): void {
    if (error !== undefined && isTimeout(error)) this.options.resetConnection?.();
    if (this.state !== 'open') {
      this.state = 'open';
      this.nextProbeAt = this.clock.now().getTime() + this.retryMs;
    }
    if (!this.logged) {
      this.logged = true;
      const message = (error as Error | undefined)?.message;
      this.log.warn(this.options.down(message ? ` (${message})` : ''));
    }
  }

  private maybeProbe(probe: () => Promise<unknown>): void {
    const now = this.clock.now().getTime();
    if (this.probing || now < this.nextProbeAt) return;
    this.probing = true;
    probe().then(
      () => {
        this.probing = false;
        if (this.state === 'open') this.state = 'trial';
      },
      (error: unknown) => {
        this.probing = false;
        if (isTimeout(error)) this.options.resetConnection?.();
        this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 5_000);
        this.nextProbeAt = this.clock.now().getTime() + this.retryMs;
      },
    );
  }
}
