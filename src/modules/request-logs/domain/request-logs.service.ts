import type { Viewer } from '../../../common/auth/principal';
import { keysetPage } from '../../../common/paging/cursor';
import type { Clock } from '../../../common/ports/clock';
import type { CursorCodec } from '../../../common/ports/cursor-codec';
import { isUuid } from '../../../common/ports/id-generator';
import { REQUEST_LOG_RETENTION_MS, type RequestLogFilter, type RequestLogLine } from './request-log';
import type { DropReason, RequestLogBuffer } from './request-log-buffer';
import type { RequestLogRepository } from './request-log.repository';
import { RequestLogNotFound } from './request-logs.errors';

/** Lines the janitor deletes per statement. */
export const REQUEST_LOG_PURGE_BATCH = 5000;

/**
 * The request log as the account reads it (the developer page), in the mode the work runs in:
 * the account's own lines of the last 24 hours, whichever instance stored them. A line past its
 * 24 hours is not shown even before the janitor has deleted it.
 */
export class RequestLogsService {
  constructor(
    private readonly repository: RequestLogRepository,
    private readonly buffer: RequestLogBuffer,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
  ) {}

  /** A page of the account's lines, newest first, without bodies. */
  async page(
    viewer: Viewer,
    filter: RequestLogFilter,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ lines: RequestLogLine[]; nextCursor: string | null }> {
    const since = this.oldestShown();
    const { rows, nextCursor } = await keysetPage(
      this.cursors,
      'request-logs',
      cursor,
      limit,
      (after, n) => this.repository.page(viewer.userId, filter, since, n, after),
      (line) => line,
    );
    return { lines: rows, nextCursor };
  }

  /** One of the account's lines with its bodies; a 404 for any other. */
  async line(viewer: Viewer, id: string): Promise<RequestLogLine> {
    const line = isUuid(id) ? await this.repository.find(viewer.userId, id) : null;
    if (line === null || line.createdAt < this.oldestShown()) throw new RequestLogNotFound();
    return line;
  }

  /** One bounded batch of the janitor: lines older than 24 hours go. */
  purgeExpired(): Promise<number> {
    return this.repository.deleteCreatedBefore(this.oldestShown(), REQUEST_LOG_PURGE_BATCH);
  }

  /** Requests that got no line since the start, by reason (the metric). */
  drops(): Readonly<Record<DropReason, number>> {
    return this.buffer.drops();
  }

  private oldestShown(): Date {
    return new Date(this.clock.now().getTime() - REQUEST_LOG_RETENTION_MS);
  }
}
