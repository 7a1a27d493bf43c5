import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { KeyDayUsage } from '../../domain/key-usage';
import { KeyUsageRepository } from '../../domain/key-usage.repository';

interface UsageRow {
  day: number;
  ok: string;
  client_error: string;
  rate_limited: string;
  server_error: string;
}

/**
 * Days are stored as SQL dates and travel as days since 1970-01-01 (`date - DATE '1970-01-01'`
 * is that integer), so no time zone ever takes part. Counts are bigint, read back as numbers.
 */
@Injectable()
export class TypeOrmKeyUsageRepository extends KeyUsageRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * One statement for the whole flush, whatever the number of rows. Rows go in key and day
   * order, so two instances adding to the same rows lock them in the same order and never
   * deadlock; rows of deleted keys are left out rather than fail the foreign key.
   */
  async add(rows: readonly KeyDayUsage[]): Promise<void> {
    if (rows.length === 0) return;
    const column = (pick: (row: KeyDayUsage) => string | number) => rows.map(pick);
    await managerOf(this.dataSource).query(
      `INSERT INTO key_usage_days AS u (key_id, day, count_2xx, count_4xx, count_429, count_5xx)
       SELECT r.key_id, DATE '1970-01-01' + r.day, r.ok, r.client_error, r.rate_limited, r.server_error
         FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
           AS r(key_id, day, ok, client_error, rate_limited, server_error)
        WHERE EXISTS (SELECT 1 FROM api_keys k WHERE k.id = r.key_id)
        ORDER BY r.key_id, r.day
       ON CONFLICT (key_id, day) DO UPDATE SET
         count_2xx = u.count_2xx + EXCLUDED.count_2xx,
         count_4xx = u.count_4xx + EXCLUDED.count_4xx,
         count_429 = u.count_429 + EXCLUDED.count_429,
         count_5xx = u.count_5xx + EXCLUDED.count_5xx`,
      [
        column((row) => row.keyId),
        column((row) => row.day),
        column((row) => row.counts['2xx']),
        column((row) => row.counts['4xx']),
        column((row) => row.counts['429']),
        column((row) => row.counts['5xx']),
      ],
    );
  }

  async daysOf(keyId: string, fromDay: number, toDay: number): Promise<KeyDayUsage[]> {
    const rows: UsageRow[] = await managerOf(this.dataSource).query(
      `SELECT day - DATE '1970-01-01' AS day, count_2xx AS ok, count_4xx AS client_error,
              count_429 AS rate_limited, count_5xx AS server_error
         FROM key_usage_days
        WHERE key_id = $1 AND day BETWEEN DATE '1970-01-01' + $2::int AND DATE '1970-01-01' + $3::int
        ORDER BY day`,
      [keyId, fromDay, toDay],
    );
    return rows.map((row) => ({
      keyId,
      day: row.day,
      counts: {
        '2xx': Number(row.ok),
        '4xx': Number(row.client_error),
        '429': Number(row.rate_limited),
        '5xx': Number(row.server_error),
      },
    }));
  }

  async deleteBefore(day: number, limit: number): Promise<number> {
    // A SELECT around the DELETE: TypeORM answers a bare DELETE as [rows, count].
    const rows: Array<{ n: number }> = await managerOf(this.dataSource).query(
      `WITH gone AS (
         DELETE FROM key_usage_days WHERE (key_id, day) IN (
           SELECT key_id, day FROM key_usage_days WHERE day < DATE '1970-01-01' + $1::int LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [day, limit],
    );
    return rows[0].n;
  }
}
