import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { KeyUsageCounter } from '../domain/key-usage-counter';

/** How often an instance adds its counted requests to the stored ones: the staleness other instances' counts may have. */
export const KEY_USAGE_FLUSH_INTERVAL_MS = 60_000;

/** The longest the last flush may hold up a shutdown (one statement on a database that answers). */
export const FINAL_FLUSH_BOUND_MS = 1_000;

/**
 * Flushes the key usage counted by this instance once a minute, on an unref'd interval of
 * @nestjs/schedule's SchedulerRegistry added once the application has booted, and a last time
 * when the application closes: `onModuleDestroy` runs after the HTTP server's drain (no
 * request is left to count) and before `onApplicationShutdown` closes the pool
 * (docs/adr/0004-graceful-shutdown-through-app-close.md). Tests call the counter's `flush()`.
 */
@Injectable()
export class KeyUsageFlush implements OnApplicationBootstrap, OnModuleDestroy {
  private static readonly NAME = 'key-usage-flush';

  constructor(
    private readonly counter: KeyUsageCounter,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const interval = setInterval(() => void this.counter.flush(), KEY_USAGE_FLUSH_INTERVAL_MS);
    interval.unref();
    this.scheduler.addInterval(KeyUsageFlush.NAME, interval);
  }

  /**
   * The last flush waits at most FINAL_FLUSH_BOUND_MS: a database that does not answer (frozen,
   * or gone) must not hold the exit up to the pool's timeouts, and what it does not take is
   * lost as on a crash (at most a minute of counts). A flush still going on after the bound
   * finishes or fails on its own before the pool closes.
   */
  async onModuleDestroy(): Promise<void> {
    // deleteInterval clears the timer as well.
    if (this.scheduler.doesExist('interval', KeyUsageFlush.NAME)) this.scheduler.deleteInterval(KeyUsageFlush.NAME);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FINAL_FLUSH_BOUND_MS);
      timer.unref();
    });
    try {
      await Promise.race([this.counter.flush(), bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}
