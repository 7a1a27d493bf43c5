import type { PoolClient, QueryResultRow } from 'pg';
import { DataSource, QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { leavesConnectionInDoubt } from './database-failure';
import { transactionInProgress } from './typeorm-unit-of-work';
import { dataSourceFor } from './mode-data-sources';

/** Swallows a checked-out connection's 'error' event: the statement it breaks fails with the same error. */
const ignore = (): void => undefined;

/**
 * A statement of a per-request path that PostgreSQL parses and plans once per connection
 * instead of on every call: pg's named prepared statements, its public query config
 * `{name, text, values}`. The text must be constant: one name, one text, for the life of the
 * process.
 *
 * TypeORM has no way to run a named statement (`query(text, parameters)` sends an unnamed
 * one), so it runs on the connections TypeORM's Postgres driver hands out: outside a unit of
 * work a connection of the DataSource's own pool (`obtainMasterConnection`, the method
 * TypeORM's own query runner connects with; GuardedClient, with the same timeouts), inside one
 * the transaction's connection (`QueryRunner.connect()`), so it joins the transaction. Its
 * errors are TypeORM's QueryFailedError like any other statement's, and TypeORM's logger sees
 * it. It leaves out TypeORM's per-statement QueryRunner and its event broadcaster, whose
 * awaited steps cost about as much Node CPU as pg's own work for a short statement.
 * Why, measured, and what an upgrade of TypeORM or pg must keep:
 * docs/adr/0002-named-statements-on-typeorm-connections.md; test/named-statement.e2e-spec.ts
 * fails if the driver stops answering pg clients.
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

  /**
   * A statement run the same way but unnamed (pg's unnamed prepared statement): PostgreSQL
   * plans it with its values every time. For texts built per request (a view of items over
   * every list a caller sees), whose best plan depends on the values: how selective a filter
   * is decides which index serves it.
   */
  static unnamed(text: string): NamedStatement {
    return new NamedStatement('', text);
  }

  async run<T>(live: DataSource, values: unknown[]): Promise<T[]> {
    const config = { name: this.name, text: this.text, values };
    // The mode's DataSource (mode-data-sources.ts): its pool's connections resolve the text's
    // tables in the mode's schema, each preparing the statement for itself.
    const dataSource = dataSourceFor(live);
    dataSource.logger.logQuery(this.text, values);
    const runner = transactionInProgress()?.queryRunner as PostgresQueryRunner | undefined;
    if (runner) {
      // A unit of work's runner is connected before its work starts (runInTransaction), and
      // connect() then answers its connection.
      if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
      return rowsOf<T>((await runner.connect()) as PoolClient, config);
    }
    const [client, release] = (await (dataSource.driver as PostgresDriver).obtainMasterConnection()) as [
      PoolClient,
      (error?: Error) => void,
    ];
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
      release(doubt as Error | undefined);
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
