import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { MIGRATIONS } from '../../src/database/migrations';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A brand-new, empty database on the e2e server (TEST_ADMIN_DATABASE_URL), for a spec whose
 * rows must not meet other specs' — migrations run on it at the app's start. Drop it when done.
 */
export async function ownDatabase(prefix: string): Promise<OwnDatabase> {
  const admin = process.env.TEST_ADMIN_DATABASE_URL!;
  const name = `todo_${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A data source on `database` that knows only `migrations` (in the public schema, each in its
 * own transaction, as the service runs them): for a spec that writes rows as an earlier schema
 * held them, then runs the next migration over them.
 */
export const migratedWith = (database: OwnDatabase, migrations: typeof MIGRATIONS): Promise<DataSource> =>
  new DataSource({ type: 'postgres', url: database.url, migrations, migrationsTransactionMode: 'each' }).initialize();
