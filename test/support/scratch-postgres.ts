import pino from 'pino';
import { Client } from 'pg';
import { startTemporaryPostgres } from '../../src/database/embedded-postgres';

export interface ScratchDatabase {
  /** A brand-new, empty database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A database of its own for a fault spec (the `faults` project has no global setup): a new
 * database on the server of TEST_ADMIN_DATABASE_URL or DATABASE_URL when one is named, else a
 * throw-away embedded PostgreSQL run by the service's own launcher. Dropped (or stopped and deleted) by `stop`.
 */
export async function startScratchDatabase(): Promise<ScratchDatabase> {
  let adminUrl = process.env.TEST_ADMIN_DATABASE_URL || process.env.DATABASE_URL;
  let stopServer: () => Promise<void> = async () => undefined;
  if (!adminUrl) {
    const server = await startTemporaryPostgres(['-c', 'fsync=off'], pino({ level: 'silent' }), {
      systemDir: process.env.EMBEDDED_PG_SYSTEM_DIR || undefined,
    });
    adminUrl = server.url;
    stopServer = () => server.stop();
  }
  const name = `todo_fault_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await client.end();
      await stopServer();
    },
  };
}
