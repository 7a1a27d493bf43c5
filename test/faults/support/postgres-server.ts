import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { freePort } from '../../../src/common/net/free-port';
import { PostgresLayout, PostgresServer as Running, runPostgres, temporaryPostgresLayout } from '../../../src/database/embedded-postgres';

/** A backend may exit between listing and signalling it. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

const FLAGS = ['-c', 'max_connections=200', '-c', 'fsync=off'];

/**
 * A PostgreSQL server owned by one fault spec, run by the service's own launcher (so it
 * works wherever `npm start` does, as root in a private folder included), which the spec
 * can stop, freeze and restart without touching the e2e suite's server. Its data survives
 * stop/start; `destroy` deletes it.
 */
export class PostgresServer {
  private layout?: PostgresLayout;
  private cleanUp: () => Promise<void> = async () => undefined;
  private server?: Running;
  private postmaster = 0;
  port = 0;

  get url(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/faults`;
  }

  get adminUrl(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/postgres`;
  }

  async init(): Promise<void> {
    const temporary = await temporaryPostgresLayout({ systemDir: process.env.EMBEDDED_PG_SYSTEM_DIR || undefined });
    this.layout = temporary.layout;
    this.cleanUp = temporary.cleanUp;
    this.port = await freePort();
    await this.start();
    await this.admin((client) => client.query('CREATE DATABASE faults'));
  }

  /** `pg_ctl stop -m fast`: the postmaster's SIGINT, which ends every session at once. */
  async stopFast(): Promise<void> {
    await this.server?.stop();
    this.server = undefined;
    this.postmaster = 0;
  }

  async start(): Promise<void> {
    this.server = await runPostgres(this.layout!, this.port, FLAGS, pino({ level: 'silent' }));
    // postmaster.pid's first line: what SIGSTOP must reach first.
    this.postmaster = Number((await readFile(join(this.layout!.clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  }

  /** After a case that failed half-way: running and thawed, for the next one. */
  async heal(): Promise<void> {
    await this.thaw();
    if (!this.server) await this.start();
  }

  /** Freezes the postmaster and every backend (SIGSTOP): connections are accepted, nothing answers. */
  async freeze(): Promise<void> {
    // The postmaster first, so that no backend is forked after the children are listed.
    signal(this.postmaster, 'SIGSTOP');
    for (const pid of await this.processes()) signal(pid, 'SIGSTOP');
  }

  async thaw(): Promise<void> {
    for (const pid of await this.processes()) signal(pid, 'SIGCONT');
  }

  async destroy(): Promise<void> {
    await this.thaw().catch(() => undefined);
    await this.stopFast().catch(() => undefined);
    await this.cleanUp();
  }

  /** Runs `work` on a fresh connection to the `faults` database, outside the service. */
  async client<T>(work: (client: pg.Client) => Promise<T>, database = this.url): Promise<T> {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    return this.client(work, this.adminUrl);
  }

  /** The postmaster and its children, read from /proc. */
  private async processes(): Promise<number[]> {
    if (!this.postmaster) return [];
    const pids = [this.postmaster];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      // The fields after the command name (which may contain spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === this.postmaster) pids.push(Number(entry));
    }
    return pids;
  }
}
