import type { KeysetPosition } from '../../../../common/paging/cursor';
import { type RequestLogFilter, type RequestLogLine, statusRange } from '../../domain/request-log';
import { RequestLogRepository } from '../../domain/request-log.repository';

const newestFirst = (a: KeysetPosition, b: KeysetPosition): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const copy = (line: RequestLogLine): RequestLogLine => ({
  ...line,
  createdAt: new Date(line.createdAt),
  requestBody: line.requestBody && { ...line.requestBody },
  responseBody: line.responseBody && { ...line.responseBody },
});

/** A working request log in memory, one mode's: for unit specs, held to the same contract. */
export class InMemoryRequestLogRepository extends RequestLogRepository {
  private readonly lines = new Map<string, RequestLogLine>();

  async insertMany(lines: readonly RequestLogLine[]): Promise<void> {
    for (const line of lines) if (this.lines.has(line.id)) throw new Error(`duplicate request log line ${line.id} (primary key)`);
    for (const line of lines) this.lines.set(line.id, copy(line));
  }

  async page(
    userId: string,
    filter: RequestLogFilter,
    since: Date,
    limit: number,
    after: KeysetPosition | null,
  ): Promise<RequestLogLine[]> {
    const range = filter.statusClass && statusRange(filter.statusClass);
    return [...this.lines.values()]
      .filter(
        (line) =>
          line.userId === userId &&
          line.createdAt >= since &&
          (filter.keyId === undefined || line.keyId === filter.keyId) &&
          (range === undefined || (line.status >= range[0] && line.status <= range[1])) &&
          (filter.route === undefined || line.route === filter.route) &&
          (filter.requestId === undefined || line.requestId === filter.requestId) &&
          (after === null || newestFirst(after, line) < 0),
      )
      .sort(newestFirst)
      .slice(0, limit)
      .map((line) => ({ ...copy(line), requestBody: null, responseBody: null }));
  }

  async find(userId: string, id: string): Promise<RequestLogLine | null> {
    const line = this.lines.get(id);
    return line && line.userId === userId ? copy(line) : null;
  }

  async deleteCreatedBefore(cutoff: Date, limit: number): Promise<number> {
    let deleted = 0;
    for (const [id, line] of this.lines) {
      if (deleted >= limit) break;
      if (line.createdAt < cutoff) {
        this.lines.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}
