import type { DataSource } from 'typeorm';
import { managerOf } from './typeorm-unit-of-work';

export interface RowSet {
  /** The table (SQL written in the code, never input). */
  table: string;
  /** Which rows of it form the set, with placeholders $1… for `parameters`. */
  where: string;
  parameters: unknown[];
  /** The ORDER BY that puts the newest rows first. */
  newestFirst: string;
}

/**
 * Keeps the `keep` newest rows of a set and deletes the others, in one statement, joining the
 * current unit of work; returns how many went. What bounds the revoked keys of an account and
 * the settled invitations and unusable share links of a list.
 */
export async function deleteBeyondNewest(dataSource: DataSource, set: RowSet, keep: number): Promise<number> {
  // A SELECT around the DELETE: TypeORM answers a bare DELETE as [rows, count].
  const rows: Array<{ n: number }> = await managerOf(dataSource).query(
    `WITH gone AS (
       DELETE FROM ${set.table} WHERE id IN (
         SELECT id FROM ${set.table} WHERE ${set.where} ORDER BY ${set.newestFirst} OFFSET $${set.parameters.length + 1})
       RETURNING id)
     SELECT count(*)::int AS n FROM gone`,
    [...set.parameters, keep],
  );
  return rows[0].n;
}
