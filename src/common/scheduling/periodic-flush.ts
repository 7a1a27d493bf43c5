import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

/** The longest the last flush may hold up a shutdown (one statement on a database that answers). */
export const FINAL_FLUSH_BOUND_MS = 1_000;

export interface FlushOptions {
  /** The interval's name in the SchedulerRegistry; one per flush. */
  name: string;
  /** How often it flushes: how late another instance sees what this one holds. */
  intervalMs: number;
}

/**
 * Stores what an instance holds in memory for the database (its request log lines, its counted
 * key usage) on an unref'd interval of @nestjs/schedule's SchedulerRegistry added once the
 * application has booted, and a last time when the application closes: `onModuleDestroy` runs
 * after the HTTP server's drain (no request is left to hold) and before `onApplicationShutdown`
 * closes the pool (docs/adr/0004-graceful-shutdown-through-app-close.md). `flush` is the
 * holder's, which never rejects (it warns about a failed write itself); specs call it on the
 * holder.
 */
export class PeriodicFlush implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly flush: () => Promise<void>,
    private readonly options: FlushOptions,
  ) {}

  onApplicationBootstrap(): void {
    const interval = setInterval(() => void this.flush(), this.options.intervalMs);
    interval.unref();
    this.scheduler.addInterval(this.options.name, interval);
  }

  /**
   * The last flush waits at most FINAL_FLUSH_BOUND_MS: a database that does not answer (frozen,
   * or gone) must not hold the exit up to the pool's timeouts, and what it does not take is
   * lost as on a crash (at most an interval's worth). A flush still going on after the bound
   * finishes or fails on its own before the pool closes.
   */
  async onModuleDestroy(): Promise<void> {
    // deleteInterval clears the timer as well.
    if (this.scheduler.doesExist('interval', this.options.name)) this.scheduler.deleteInterval(this.options.name);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FINAL_FLUSH_BOUND_MS);
      timer.unref();
    });
    try {
      await Promise.race([this.flush(), bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}
