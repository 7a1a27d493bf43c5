import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RequestLogBuffer } from '../domain/request-log-buffer';

/** How often an instance stores its buffered request log lines: how late another instance's lines may show. */
export const REQUEST_LOG_FLUSH_INTERVAL_MS = 1_000;

/** The longest the last flush may hold up a shutdown (one statement on a database that answers). */
export const FINAL_FLUSH_BOUND_MS = 1_000;

/**
 * Flushes the request log buffer every second, on an unref'd interval of @nestjs/schedule's
 * SchedulerRegistry added once the application has booted, and a last time when the
 * application closes: `onModuleDestroy` runs after the HTTP server's drain (no request is left
 * to log) and before `onApplicationShutdown` closes the pool
 * (docs/adr/0004-graceful-shutdown-through-app-close.md). Specs call the buffer's `flush()`.
 */
@Injectable()
export class RequestLogFlush implements OnApplicationBootstrap, OnModuleDestroy {
  private static readonly NAME = 'request-log-flush';

  constructor(
    private readonly buffer: RequestLogBuffer,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const interval = setInterval(() => void this.buffer.flush(), REQUEST_LOG_FLUSH_INTERVAL_MS);
    interval.unref();
    this.scheduler.addInterval(RequestLogFlush.NAME, interval);
  }

  /**
   * The last flush waits at most FINAL_FLUSH_BOUND_MS: a database that does not answer must not
   * hold the exit up to the pool's timeouts; what it does not take is lost, as on a crash (at
   * most a second of lines).
   */
  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', RequestLogFlush.NAME)) this.scheduler.deleteInterval(RequestLogFlush.NAME);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FINAL_FLUSH_BOUND_MS);
      timer.unref();
    });
    try {
      await Promise.race([this.buffer.flush(), bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}
