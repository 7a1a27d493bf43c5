import type { DataSource } from 'typeorm';
import { managerOf } from '../persistence/typeorm-unit-of-work';
import type { QueueBacklog } from '../ports/queue-backlog';

/** What picks the due rows of an outbox table in a lease (`$1` is now). */
export const DUE = `t.status = 'pending' AND t.next_attempt_at <= $1`;

/**
 * The lease of an outbox table's rows, as two CTEs to select from (`leased` holds the leased
 * rows' `columns`): the rows `where` picks (alias `t`; `$1` is now, `$2` the lease's end),
 * `limit` of them in `orderBy` order, each locked with SKIP LOCKED so that instances claiming at the same moment take
 * different rows, then stamped with `locked_until` so that none takes them again until the
 * lease runs out (an instance killed mid-attempt leaves a lease that simply expires). A row
 * whose lease is live is never picked.
 */
export function lease(table: string, columns: string, pick: { where: string; orderBy: string; limit: string }): string {
  return `
    WITH chosen AS (
      SELECT t.id FROM ${table} t
       WHERE ${pick.where} AND (t.locked_until IS NULL OR t.locked_until < $1)
       ORDER BY ${pick.orderBy}
       LIMIT ${pick.limit}
       FOR UPDATE OF t SKIP LOCKED
    ), leased AS (
      UPDATE ${table} t SET locked_until = $2 FROM chosen WHERE t.id = chosen.id
      RETURNING ${columns
        .split(',')
        .map((column) => `t.${column.trim()}`)
        .join(', ')}
    )`;
}

/**
 * The statements every leased outbox table shares (webhook_deliveries, mail): a table with
 * `id`, `status` ('pending' until an attempt finishes it), `attempts`, `next_attempt_at`,
 * `locked_until` and `updated_at`. Each repository keeps its own columns, claims and extra
 * writes; what a lease is (`lease`), how an attempt's result lands only under the lease that
 * made it, the backlog and the purge of finished rows are written here once. Every statement
 * joins the unit of work in progress (managerOf).
 */
export class OutboxTable {
  constructor(
    private readonly dataSource: DataSource,
    /** The table's name: a constant of the repository, never input. */
    readonly name: string,
    /** The status of a row given up on ('failed', 'dead'): what the backlog counts as failed. A constant, never input. */
    private readonly givenUp: string,
  ) {}

  query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return managerOf(this.dataSource).query(sql, parameters);
  }

  /** Runs a statement that writes rows (an INSERT, UPDATE or DELETE without RETURNING) and answers how many it wrote. */
  async count(statement: string, parameters: unknown[]): Promise<number> {
    const rows = await this.query<Array<{ n: number }>>(
      `WITH done AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM done`,
      parameters,
    );
    return rows[0].n;
  }

  /**
   * Writes `set` (its parameters from `$3`) onto row `id` and releases the lease, only if the
   * row still carries the lease `lockedUntil`: false when another instance took it over after
   * this one's lease ran out (its result stands).
   */
  async finish(id: string, lockedUntil: Date, set: string, parameters: unknown[]): Promise<boolean> {
    const written = await this.count(`UPDATE ${this.name} SET ${set}, locked_until = NULL WHERE id = $1 AND locked_until = $2`, [
      id,
      lockedUntil,
      ...parameters,
    ]);
    return written > 0;
  }

  /**
   * Three index reads (the status is a literal, so the tables' partial indexes on it apply):
   * the pending rows and their earliest attempt, and the given-up ones, never walking the
   * finished rows kept for their retention.
   */
  async backlog(): Promise<QueueBacklog> {
    const [row] = await this.query<Array<{ pending: number; failed: number; oldest_due_at: Date | null }>>(
      `SELECT (SELECT count(*) FROM ${this.name} WHERE status = 'pending')::int AS pending,
              (SELECT count(*) FROM ${this.name} WHERE status = '${this.givenUp}')::int AS failed,
              (SELECT min(next_attempt_at) FROM ${this.name} WHERE status = 'pending') AS oldest_due_at`,
      [],
    );
    return { pending: row.pending, failed: row.failed, oldestDueAt: row.oldest_due_at };
  }

  /**
   * Deletes up to `limit` finished rows (not pending) last updated before `cutoff`. SKIP
   * LOCKED: a row another transaction holds waits for the next sweep, so the janitor never
   * waits for one and never takes part in a deadlock.
   */
  purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    return this.count(
      `DELETE FROM ${this.name} WHERE id IN (
         SELECT id FROM ${this.name} WHERE status <> 'pending' AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [cutoff, limit],
    );
  }
}
