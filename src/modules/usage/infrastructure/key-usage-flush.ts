import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { KeyUsageCounter } from '../domain/key-usage-counter';

/** How often an instance adds its counted requests to the stored ones: the staleness other instances' counts may have. */
export const KEY_USAGE_FLUSH_INTERVAL_MS = 60_000;

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

  async onModuleDestroy(): Promise<void> {
    // deleteInterval clears the timer as well.
    if (this.scheduler.doesExist('interval', KeyUsageFlush.NAME)) this.scheduler.deleteInterval(KeyUsageFlush.NAME);
    await this.counter.flush();
  }
}
