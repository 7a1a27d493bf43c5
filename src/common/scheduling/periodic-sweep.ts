/** Where a sweep reports: Nest's Logger fits (routed to pino with the context object). */
export interface SweepLog {
  log(context: object, message: string): void;
  warn(context: object, message: string): void;
}

export interface SweepOptions {
  /** How often it runs. */
  intervalMs: number;
  /** A batch that deletes fewer rows than this was the last one due. */
  batchSize: number;
  /** Batches per sweep at most; what is left waits for the next one. */
  maxBatches: number;
  /** What is deleted, for the log lines ("expired idempotency records"). */
  what: string;
}

/**
 * A background clean-up of rows past their retention, shared by the idempotency records, the
 * events outbox and finished webhook deliveries. Deletes in bounded batches, each its own short
 * statement, so no sweep holds locks for long; runs on an unref'd timer (it never keeps the
 * process alive) that the owner stops before the database pool closes. A failure (the database
 * away) is logged and the next tick tries again. With several instances each sweeps; the
 * deletes are idempotent.
 */
export class PeriodicSweep {
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly deleteBatch: () => Promise<number>,
    private readonly options: SweepOptions,
    private readonly logger: SweepLog,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Nest's lifecycle, for a janitor that is a PeriodicSweep: starts once the application has booted. */
  onApplicationBootstrap(): void {
    this.start();
  }

  /** Nest's lifecycle: stops before the database pool closes. */
  onModuleDestroy(): void {
    this.stop();
  }

  /** One sweep now; answers how many rows it deleted. */
  async sweep(): Promise<number> {
    let deleted = 0;
    try {
      for (let batch = 0; batch < this.options.maxBatches && !this.stopped; batch += 1) {
        const count = await this.deleteBatch();
        deleted += count;
        if (count < this.options.batchSize) break;
      }
      if (deleted > 0) this.logger.log({ deleted }, `${this.options.what} deleted`);
    } catch (error) {
      this.logger.warn({ cause: (error as Error).message }, `${this.options.what} could not be deleted`);
    }
    return deleted;
  }
}
