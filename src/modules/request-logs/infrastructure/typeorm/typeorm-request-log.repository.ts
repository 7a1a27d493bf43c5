import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { KeysetPosition } from '../../../../common/paging/cursor';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { type RequestLogFilter, type RequestLogLine, statusRange } from '../../domain/request-log';
import { RequestLogRepository } from '../../domain/request-log.repository';

interface Row {
  id: string;
  user_id: string;
  key_id: string;
  created_at: Date;
  method: string;
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string;
  request_body: string | null;
  request_body_truncated: boolean;
  response_body: string | null;
  response_body_truncated: boolean;
}

const LINE = 'id, user_id, key_id, created_at, method, route, path, status, duration_ms, request_id';
const BODIES = 'request_body, request_body_truncated, response_body, response_body_truncated';

const lineOf = (row: Row): RequestLogLine => ({
  id: row.id,
  userId: row.user_id,
  keyId: row.key_id,
  createdAt: row.created_at,
  method: row.method,
  route: row.route,
  path: row.path,
  status: row.status,
  durationMs: row.duration_ms,
  requestId: row.request_id,
  requestBody:
    row.request_body === undefined || row.request_body === null ? null : { text: row.request_body, truncated: row.request_body_truncated },
  responseBody:
    row.response_body === undefined || row.response_body === null
      ? null
      : { text: row.response_body, truncated: row.response_body_truncated },
});

/**
 * The request log in the mode's schema (managerOf picks the mode's pool). A flush is one
 * INSERT of the lines as one JSON parameter (json_populate_recordset, by column name): the same
 * statement text for any number of lines, one JSON.stringify in Node rather than pg's escaping of
 * each body as an array element, whose cost grows with every quote a JSON body holds.
 */
@Injectable()
export class TypeOrmRequestLogRepository extends RequestLogRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insertMany(lines: readonly RequestLogLine[]): Promise<void> {
    if (lines.length === 0) return;
    const rows = lines.map((line) => ({
      id: line.id,
      user_id: line.userId,
      key_id: line.keyId,
      created_at: line.createdAt,
      method: line.method,
      route: line.route,
      path: line.path,
      status: line.status,
      duration_ms: line.durationMs,
      request_id: line.requestId,
      request_body: line.requestBody?.text ?? null,
      request_body_truncated: line.requestBody?.truncated ?? false,
      response_body: line.responseBody?.text ?? null,
      response_body_truncated: line.responseBody?.truncated ?? false,
    }));
    await managerOf(this.dataSource).query(
      `INSERT INTO request_logs (${LINE}, ${BODIES}) SELECT ${LINE}, ${BODIES} FROM json_populate_recordset(NULL::request_logs, $1::json)`,
      [JSON.stringify(rows)],
    );
  }

  async page(
    userId: string,
    filter: RequestLogFilter,
    since: Date,
    limit: number,
    after: KeysetPosition | null,
  ): Promise<RequestLogLine[]> {
    const parameters: unknown[] = [userId, since];
    const where = ['user_id = $1', 'created_at >= $2'];
    const add = (condition: (n: number) => string, ...values: unknown[]) => {
      where.push(condition(parameters.length + 1));
      parameters.push(...values);
    };
    if (filter.keyId !== undefined) add((n) => `key_id = $${n}`, filter.keyId);
    if (filter.statusClass !== undefined) add((n) => `status BETWEEN $${n} AND $${n + 1}`, ...statusRange(filter.statusClass));
    if (filter.route !== undefined) add((n) => `route = $${n}`, filter.route);
    if (filter.requestId !== undefined) add((n) => `request_id = $${n}`, filter.requestId);
    if (after !== null) add((n) => `(created_at, id) < ($${n}, $${n + 1})`, after.createdAt, after.id);
    parameters.push(limit);
    const rows: Row[] = await managerOf(this.dataSource).query(
      `SELECT ${LINE} FROM request_logs WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${parameters.length}`,
      parameters,
    );
    return rows.map(lineOf);
  }

  async find(userId: string, id: string): Promise<RequestLogLine | null> {
    const rows: Row[] = await managerOf(this.dataSource).query(
      `SELECT ${LINE}, ${BODIES} FROM request_logs WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows.length === 0 ? null : lineOf(rows[0]);
  }

  async deleteCreatedBefore(cutoff: Date, limit: number): Promise<number> {
    // A SELECT around the DELETE: TypeORM answers a bare DELETE as [rows, count].
    const rows: Array<{ n: number }> = await managerOf(this.dataSource).query(
      `WITH gone AS (
         DELETE FROM request_logs WHERE id IN (SELECT id FROM request_logs WHERE created_at < $1 LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff, limit],
    );
    return rows[0].n;
  }
}
