import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Logger } from 'pino';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { GuardedClient } from './guarded-client';
import { MODE_SCHEMAS, registerSandbox, sandboxOf } from '../common/persistence/mode-data-sources';
import type { KeyMode } from '../common/auth/principal';

/** Serialises migrations between instances starting together against one database. */
const MIGRATION_LOCK_ID = 7_291_004;

/**
 * How long the service waits on the database, in milliseconds. The server-side limits
 * come first so that PostgreSQL itself cancels the statement and rolls the transaction
 * back; the client-side query timeout is only a backstop for a server that no longer
 * answers at all, and a connection it fires on is destroyed (see GuardedClient).
 */
export interface DatabaseTimeouts {
  /** Waiting for a pooled connection or opening a new one. */
  acquireMs: number;
  /** PostgreSQL `lock_timeout`: waiting for a row lock (another session holding a list). */
  lockMs: number;
  /** PostgreSQL `statement_timeout`: any one statement. */
  statementMs: number;
  /** PostgreSQL `idle_in_transaction_session_timeout`: a transaction whose client went quiet. */
  idleInTransactionMs: number;
  /** Client-side `query_timeout`: no answer at all (a frozen server). */
  queryMs: number;
}

/**
 * The defaults keep a frozen database under the 5 s bound for a 503 (client backstop at
 * 4.5 s) while leaving concurrent writers of one list, which take turns on its row lock,
 * room to queue under load before a lock wait counts as stuck.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  acquireMs: 4_000,
  lockMs: 4_000,
  statementMs: 4_000,
  idleInTransactionMs: 5_000,
  queryMs: 4_500,
};

/** For schema changes only (0: no limit). */
export const MIGRATION_TIMEOUTS: DatabaseTimeouts = { acquireMs: 10_000, lockMs: 0, statementMs: 0, idleInTransactionMs: 0, queryMs: 0 };

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  /** How long to keep retrying the first connection before giving up. */
  connectTimeoutS: number;
  timeouts?: DatabaseTimeouts;
}

/**
 * Where a mode's connections resolve table names: live in `public` alone, the sandbox in its
 * own schema first and `public` (the shared account tables) after it (mode-data-sources.ts).
 */
export function searchPathOf(mode: KeyMode): string {
  return mode === 'live' ? MODE_SCHEMAS.live : `${MODE_SCHEMAS.test},${MODE_SCHEMAS.live}`;
}

export function dataSourceOptions(
  settings: Pick<DatabaseSettings, 'url' | 'poolSize' | 'timeouts'>,
  mode: KeyMode = 'live',
): DataSourceOptions {
  const timeouts = settings.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
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
      Client: GuardedClient,
      // Set in the connection's start-up packet: no statement of the mode can run before it.
      options: `-c search_path=${searchPathOf(mode)}`,
      // One setting bounds both the wait for a pooled connection and the opening of a
      // new one; pg tells the two apart in its error (see database-failure.ts).
      connectionTimeoutMillis: timeouts.acquireMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      query_timeout: timeouts.queryMs,
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
          { cause: error },
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
    // The sandbox's schema, made under the lock so that instances starting together agree.
    const { schema } = dataSource.options as { schema?: string };
    if (schema) await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Migrations run on a separate, short-lived DataSource without the request time limits:
 * an index build or the wait for another instance's migration lock may rightly take
 * longer than any request should.
 */
async function migrate(settings: DatabaseSettings, logger: Logger): Promise<void> {
  for (const mode of ['live', 'test'] as const) {
    const options = dataSourceOptions({ url: settings.url, poolSize: 2, timeouts: MIGRATION_TIMEOUTS }, mode);
    // The sandbox's migrations table is its own, and its migrations know where they run
    // (holdsAccounts, migrations/schema-scope.ts). Only here: with a schema, TypeORM would also
    // qualify the entities' tables, and the account tables are in `public`.
    const migrations = new DataSource(mode === 'test' ? ({ ...options, schema: MODE_SCHEMAS.test } as DataSourceOptions) : options);
    await connectWithRetry(migrations, settings, logger);
    try {
      await runMigrationsLocked(migrations, logger);
    } finally {
      await migrations.destroy();
    }
  }
}

/**
 * Migrates both schemas, then opens one DataSource per mode (mode-data-sources.ts): the live one is
 * answered, with the sandbox's registered beside it; closeDatabase closes both.
 */
export async function openDatabase(settings: DatabaseSettings, logger: Logger): Promise<DataSource> {
  await migrate(settings, logger);
  const live = new DataSource(dataSourceOptions(settings, 'live'));
  const sandbox = new DataSource(dataSourceOptions(settings, 'test'));
  await connectWithRetry(live, settings, logger);
  await connectWithRetry(sandbox, settings, logger);
  registerSandbox(live, sandbox);
  return live;
}

/** A connection pool's state, as pg's Pool counts it. */
export interface PoolStats {
  mode: KeyMode;
  /** Connections open (idle or in use). */
  size: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** pg's Pool as TypeORM's Postgres driver holds it (`master`): its public counters. */
interface PgPoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Each mode's pool (openDatabase), for the metrics: pg's own counters, read without a statement.
 * A DataSource not (or no longer) connected has no pool and is left out.
 */
export function poolStats(live: DataSource): PoolStats[] {
  const stats: PoolStats[] = [];
  for (const [mode, source] of [
    ['live', live],
    ['test', sandboxOf(live)],
  ] as const) {
    const pool = source?.isInitialized ? ((source.driver as PostgresDriver).master as PgPoolCounters | undefined) : undefined;
    if (pool) stats.push({ mode, size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  }
  return stats;
}

/** Closes the pools of both modes (openDatabase). */
export async function closeDatabase(live: DataSource): Promise<void> {
  const sandbox = sandboxOf(live);
  await Promise.all([live, sandbox].filter((source) => source?.isInitialized).map((source) => source!.destroy()));
}

/**
 * Closes the pools (closeDatabase), waiting at most `waitMs`; true if they closed in time.
 *
 * pg's Pool.end() waits for every client the pool holds, one still being opened included, and
 * opening a connection to a database that accepts it but never answers (stopped, overloaded)
 * lasts the whole connect timeout. The process closes the pools last, when every request and
 * background round has ended or been cut, so nothing acknowledged depends on what is still
 * pending: the process exits and its sockets close with it.
 */
export async function closeDatabaseWithin(live: DataSource, waitMs: number): Promise<boolean> {
  const closed = closeDatabase(live).then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    return await Promise.race([closed, expired]);
  } finally {
    clearTimeout(timer);
    // A close that fails after the wait has ended has no one left to tell.
    closed.catch(() => undefined);
  }
}
