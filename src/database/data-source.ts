import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { Logger } from 'pino';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** Serialises migrations between instances starting together against one database. */
const MIGRATION_LOCK_ID = 7_291_004;

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  /** How long to keep retrying the first connection before giving up. */
  connectTimeoutS: number;
}

export function dataSourceOptions(settings: Pick<DatabaseSettings, 'url' | 'poolSize'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    poolSize: settings.poolSize,
    applicationName: 'todo-service',
    extra: {
      // Fail fast when the server is down, so requests get a quick 503 instead of hanging.
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      // A safety net against statements stuck on a vanished server.
      query_timeout: 15_000,
    },
  };
}

function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the configured database';
  }
}

/** Connects with exponential back-off for a bounded time, then fails with one clear message. */
export async function connectWithRetry(dataSource: DataSource, settings: DatabaseSettings, logger: Logger): Promise<void> {
  const deadline = Date.now() + settings.connectTimeoutS * 1000;
  let delay = 250;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dataSource.initialize();
      return;
    } catch (error) {
      const reason = (error as Error).message;
      if (Date.now() + delay > deadline) {
        throw new Error(
          `Cannot connect to the database at ${describeTarget(settings.url)} after ${attempt} attempts over ${settings.connectTimeoutS}s: ${reason}`,
        );
      }
      logger.warn({ attempt, retry_in_ms: delay, reason }, 'database not reachable yet, retrying');
      await sleep(delay);
      delay = Math.min(delay * 2, 5_000);
    }
  }
}

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so several
 * instances starting at once against one empty database migrate it exactly once.
 */
export async function runMigrationsLocked(dataSource: DataSource, logger: Logger): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}

export async function openDatabase(settings: DatabaseSettings, logger: Logger): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(settings));
  await connectWithRetry(dataSource, settings, logger);
  await runMigrationsLocked(dataSource, logger);
  return dataSource;
}
