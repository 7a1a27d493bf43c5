import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { RepeatedFaults } from '../logging/repeated-faults';
import type { Clock } from '../ports/clock';
import type { WarningLog } from '../ports/warning-log';
import { outsideAnyWork } from '../persistence/work-context';

/** The longest pause between polls while claims keep failing. */
const MAX_BACKOFF_MS = 30_000;

export interface WorkerOptions {
  /** How often an idle worker looks for due work. */
  pollIntervalMs: number;
  /** How long a claimed row stays this instance's; longer than one attempt's timeout. */
  leaseMs: number;
  /** Rows claimed (and attempted concurrently) at once. */
  batchSize: number;
}

/** One queue of rows in the database that instances lease to one another (webhook deliveries, mail). */
export interface LeasedQueue<C> {
  /**
   * Leases up to `limit` due rows to this instance until `leaseUntil` (FOR UPDATE SKIP LOCKED
   * and a `locked_until` stamp): instances claiming together get different rows, and a lease
   * left by an instance that died expires, so the row is claimed again.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<C[]>;
  /** Makes the attempt and records what came of it, only while the lease is still held. */
  attempt(claim: C): Promise<unknown>;
  /** Work done at the start of each round before claiming (the webhook relay); `stopped` says when to leave off. */
  prepare?(stopped: () => boolean): Promise<void>;
  /** What identifies a claimed row in a log line (ids only: never a body, a URL or an address). */
  describe(claim: C): Record<string, string>;
}

export interface WorkerMessages {
  /** Logged when an attempt's result could not be written (the lease runs out, the row is tried again). */
  attemptNotRecorded: string;
  /** Logged when claiming fails (the database away): the first failure of an outage, then a summary every 10 s. */
  claimsFailing: string;
}

/**
 * Works a LeasedQueue in the background, never on a request's path. Every instance runs one
 * per queue; they share the rows through the database, so none attempts a row another
 * holds, and a row held by an instance that died is attempted by another once its lease
 * expires. `start` when the application has booted; `stop` (waiting for the attempts in
 * flight, each bounded by its own timeout) before the database pool closes: as a Nest
 * provider, the application's lifecycle does both. Times come from the Clock port; polls back
 * off while claims fail.
 */
export class LeasedQueueWorker<C> implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  private again = false;
  /** Rounds in a row whose claim failed (the database away): the polls back off, and log less. */
  private failures = 0;
  /** Failures that repeat while the database is away: the first logged, the rest summarised. */
  private readonly faults: RepeatedFaults;

  constructor(
    private readonly queue: LeasedQueue<C>,
    private readonly clock: Clock,
    private readonly options: WorkerOptions,
    logger: WarningLog,
    private readonly messages: WorkerMessages,
  ) {
    this.faults = new RepeatedFaults(clock, logger);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    // What was counted and not yet summarised is said before the process goes.
    this.faults.close();
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  /** Something is due now: look at once rather than at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    // Armed outside any work: a nudge comes from a request, whose mode and unit of work the
    // round must not inherit (each queue step enters its own mode).
    this.timer = outsideAnyWork(() =>
      setTimeout(() => {
        this.running = this.round().finally(() => {
          this.running = undefined;
          const more = this.again;
          this.again = false;
          const backoff = Math.min(this.options.pollIntervalMs * 2 ** this.failures, MAX_BACKOFF_MS);
          this.schedule(more ? 0 : Math.max(this.options.pollIntervalMs, backoff));
        });
      }, delayMs),
    );
    this.timer.unref();
  }

  /** Prepares, then claims due rows and attempts them, batch after batch, until none is due. */
  private async round(): Promise<void> {
    try {
      if (this.queue.prepare && !this.stopped) await this.queue.prepare(() => this.stopped);
      for (;;) {
        if (this.stopped) return;
        const now = this.clock.now();
        const claimed = await this.queue.claimDue(now, new Date(now.getTime() + this.options.leaseMs), this.options.batchSize);
        this.failures = 0;
        if (claimed.length === 0) return;
        await Promise.all(
          claimed.map((claim) =>
            this.queue.attempt(claim).catch((error: unknown) => {
              // The lease runs out and the row is tried again: nothing is lost.
              const context = { ...this.queue.describe(claim), cause: (error as Error).message };
              this.faults.warn(this.messages.attemptNotRecorded, 'attempts not recorded', context, this.messages.attemptNotRecorded);
            }),
          ),
        );
      }
    } catch (error) {
      this.failures = Math.min(this.failures + 1, 16);
      // The first failed poll of an outage is logged; the ones after it are summarised.
      this.faults.warn(this.messages.claimsFailing, 'failed polls', { cause: (error as Error).message }, this.messages.claimsFailing);
    }
  }
}
