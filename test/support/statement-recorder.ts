import type { DataSource } from 'typeorm';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/**
 * Every statement the app sends through `ds` while `work` runs. TypeORM hands each one to its
 * logger before sending it, whether logging is on or not, so wrapping logQuery sees them all;
 * a named statement (NamedStatement) arrives as pg's query config, its text and values inside.
 */
export async function statementsOf(ds: DataSource, work: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  type Query = string | { text: string; values: unknown[] };
  const logger = ds.logger as { logQuery: (sql: Query, parameters?: unknown[], ...rest: unknown[]) => unknown };
  const original = logger.logQuery;
  logger.logQuery = function (this: unknown, sql: Query, parameters?: unknown[], ...rest: unknown[]) {
    seen.push(typeof sql === 'string' ? { sql, parameters: parameters ?? [] } : { sql: sql.text, parameters: sql.values });
    return original.call(this, sql, parameters, ...rest);
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return seen;
}
