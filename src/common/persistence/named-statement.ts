import type { DataSource } from 'typeorm';
import { managerOf } from './typeorm-unit-of-work';

/**
 * A statement of a per-request path that PostgreSQL parses and plans once per connection
 * instead of on every call (pg's named prepared statements). The text must be constant: one
 * name, one text, for the life of the process. It still runs through the TypeORM manager of
 * the current unit of work (a transaction's, or the data source's), so it joins the
 * transaction, and its errors are TypeORM's QueryFailedError like any other statement's.
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

  run<T>(dataSource: DataSource, values: unknown[]): Promise<T[]> {
    // TypeORM hands its first argument to pg as it is, and pg takes a query config there.
    const config = { name: this.name, text: this.text, values };
    return managerOf(dataSource).query(config as unknown as string);
  }
}
