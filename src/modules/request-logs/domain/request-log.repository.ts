import type { KeysetPosition } from '../../../common/paging/cursor';
import type { RequestLogFilter, RequestLogLine } from './request-log';

/**
 * Port: the stored request log lines of the mode the work runs in (each mode's schema has its
 * own table, docs/test-mode.md).
 */
export abstract class RequestLogRepository {
  /** Stores the lines, all at once (one statement). */
  abstract insertMany(lines: readonly RequestLogLine[]): Promise<void>;
  /**
   * The account's lines created at or after `since`, newest first by (createdAt, id), strictly
   * after `after` when given, at most `limit`; bodies left out (null).
   */
  abstract page(
    userId: string,
    filter: RequestLogFilter,
    since: Date,
    limit: number,
    after: KeysetPosition | null,
  ): Promise<RequestLogLine[]>;
  /** One of the account's lines, bodies included; null when it is not the account's or has gone. */
  abstract find(userId: string, id: string): Promise<RequestLogLine | null>;
  /** Deletes up to `limit` lines created before `cutoff`; answers how many went. */
  abstract deleteCreatedBefore(cutoff: Date, limit: number): Promise<number>;
}
