import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { DataSource, QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { leavesConnectionInDoubt } from './database-failure';
import { managerOf } from './typeorm-unit-of-work';

/** Swallows a checked-out connection's 'error' event: the statement it breaks fails with the same error. */
const ignore = (): void => undefined;

/**
 * A statement of a per-request path that PostgreSQL parses and plans once per connection
 * instead of on every call (pg's named prepared statements). The text must be constant: one
 * name, one text, for the life of the process.
 *
 * It runs on the TypeORM DataSource's own pool and connections (its pg driver's pool of
 * GuardedClient, with the same timeouts), and inside a unit of work on that transaction's
 * connection, so it joins the transaction; its errors are TypeORM's QueryFailedError like any
 * other statement's, and TypeORM's logger sees it. What it leaves out is TypeORM's per-statement
 * machinery around pg: a QueryRunner and its event broadcaster made and released for each
 * statement, with half a dozen awaited steps, which cost about as much Node CPU as pg's own
 * work for a short statement (README, "Where the time goes").
 *
 * A prepared statement keeps the plan PostgreSQL chose for it; those used here read and write
 * through primary keys and fixed index ranges, whose best plan does not depend on the values.
 * A schema change while the service runs makes PostgreSQL re-plan them by itself.
 */
export class NamedStatement {
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  async run<T>(dataSource: DataSource, values: unknown[]): Promise<T[]> {
    const config = { name: this.name, text: this.text, values };
    dataSource.logger.logQuery(this.text, values);
    const runner = managerOf(dataSource).queryRunner as PostgresQueryRunner | undefined;
    if (runner) {
      // A unit of work's runner is connected before its work starts (runInTransaction), and
      // connect() then answers its connection.
      if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
      return rowsOf<T>((await runner.connect()) as PoolClient, config);
    }
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    client.on('error', ignore);
    let doubt: unknown;
    try {
      return await rowsOf<T>(client, config);
    } catch (error) {
      // As in a unit of work: a connection whose state is in doubt is destroyed, not reused.
      if (leavesConnectionInDoubt(error)) doubt = error;
      throw error;
    } finally {
      client.removeListener('error', ignore);
      client.release(doubt as Error | undefined);
    }
  }
}

async function rowsOf<T>(client: PoolClient, config: { name: string; text: string; values: unknown[] }): Promise<T[]> {
  try {
    return (await client.query<QueryResultRow>(config)).rows as T[];
  } catch (error) {
    throw new QueryFailedError(config.text, config.values, error as Error);
  }
}
