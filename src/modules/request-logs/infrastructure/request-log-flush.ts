import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicFlush } from '../../../common/scheduling/periodic-flush';
import { RequestLogBuffer } from '../domain/request-log-buffer';

/** How often an instance stores its buffered request log lines: how late another instance's lines may show. */
export const REQUEST_LOG_FLUSH_INTERVAL_MS = 1_000;

/**
 * Flushes the request log buffer every second, and a last time when the application closes
 * (PeriodicFlush): a last flush that the database does not take loses at most a second of lines.
 */
@Injectable()
export class RequestLogFlush extends PeriodicFlush {
  constructor(buffer: RequestLogBuffer, scheduler: SchedulerRegistry) {
    super(scheduler, () => buffer.flush(), { name: 'request-log-flush', intervalMs: REQUEST_LOG_FLUSH_INTERVAL_MS });
  }
}
