import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { runInMode } from '../persistence/work-context';
import { type KeyMode, MODES } from '../auth/principal';
import { RepeatedFaults } from '../logging/repeated-faults';
import type { Clock } from '../ports/clock';

/** Where a sweep reports: Nest's Logger fits (routed to pino with the context object). */
export interface SweepLog {
  log(context: object, message: string): void;
  warn(context: object, message: string): void;
}

export interface SweepOptions {
  /** The interval's name in the SchedulerRegistry; one per sweep. */
  name: string;
  /** How often it runs. */
  intervalMs: number;
  /** A batch that deletes fewer rows than this was the last one due. */
  batchSize: number;
  /** Batches per sweep at most; what is left waits for the next one. */
  maxBatches: number;
  /** What is deleted, for the log lines ("expired idempotency records"). */
  what: string;
  /**
   * Per-mode tables (test mode's schema holds its own copy): each sweep runs once in each mode.
   * Account tables are swept once.
   */
  eachMode?: boolean;
}

/**
 * A background clean-up of rows past their retention, shared by the idempotency records, the
 * events outbox and finished webhook deliveries, scheduled through @nestjs/schedule's
 * SchedulerRegistry: one named interval per sweep, added once the application has booted. The
 * interval is each janitor's own setting, so it is added in code rather than by `@Interval`.
 *
 * Deletes in bounded batches, each its own short statement, so no sweep holds locks for long.
 * The interval is unref'd, so it never keeps the process alive, and it is removed in
 * `onModuleDestroy`, which Nest runs before any `onApplicationShutdown` (where TypeORM closes
 * the pool); a sweep under way starts no further batch once stopped. A failure (the database
 * away) is logged (the first of an outage; the ones after it in a summary, RepeatedFaults) and
 * the next tick tries again. With several instances each sweeps; the
 * deletes are idempotent. Tests call `sweep()` directly.
 */
export class ScheduledSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private stopped = false;
  /** Failures that repeat while the database is away: the first logged, the rest summarised. */
  private readonly faults: RepeatedFaults;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly deleteBatch: () => Promise<number>,
    private readonly options: SweepOptions,
    private readonly logger: SweepLog,
    clock: Clock,
  ) {
    this.faults = new RepeatedFaults(clock, logger);
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    const interval = setInterval(() => void this.sweep(), this.options.intervalMs);
    interval.unref();
    this.scheduler.addInterval(this.options.name, interval);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    // deleteInterval clears the timer as well.
    if (this.scheduler.doesExist('interval', this.options.name)) this.scheduler.deleteInterval(this.options.name);
    this.faults.close();
  }

  /** One sweep now (of each mode, for per-mode tables); answers how many rows it deleted. */
  async sweep(): Promise<number> {
    if (!this.options.eachMode) return this.sweepMode('live');
    let deleted = 0;
    for (const mode of MODES) deleted += await runInMode(mode, () => this.sweepMode(mode));
    return deleted;
  }

  private async sweepMode(mode: KeyMode): Promise<number> {
    let deleted = 0;
    const context = this.options.eachMode ? { mode } : {};
    try {
      for (let batch = 0; batch < this.options.maxBatches && !this.stopped; batch += 1) {
        const count = await this.deleteBatch();
        deleted += count;
        if (count < this.options.batchSize) break;
      }
      if (deleted > 0) this.logger.log({ deleted, ...context }, `${this.options.what} deleted`);
    } catch (error) {
      const message = `${this.options.what} could not be deleted`;
      this.faults.warn(
        this.options.eachMode ? `${message} (${mode} mode)` : message,
        'failed sweeps',
        { cause: (error as Error).message, ...context },
        message,
      );
    }
    return deleted;
  }
}
