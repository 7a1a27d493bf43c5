import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, ServiceProcess, spawnReady, spawnService, stopInstances } from './support/service-process';

/** The embedded server picks a free port each start; its pid file says which. */
async function embeddedClient(dataDir: string): Promise<Client> {
  const port = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'todo' });
  await client.connect();
  return client;
}

describe('the service as a process (npm start)', () => {
  let dataDir: string;
  // Every process started through spawnReady (a start that lost its port included), stopped after the spec.
  const started: ServiceProcess[] = [];
  const track = (service: ServiceProcess) => started.push(service);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'todo-start-'));
  });
  afterAll(async () => {
    await stopInstances(started);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts an embedded database, keeps its data across SIGTERM and kill -9, and exits 0 on SIGTERM', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };

    const first = await spawnReady(env, { track });
    const notFound = await fetch(`http://127.0.0.1:${first.port}/v1/nothing`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ data: null, error: expect.any(String) });
    let db = await embeddedClient(dataDir);
    await db.query('CREATE TABLE IF NOT EXISTS survival_check (note text)');
    await db.query("INSERT INTO survival_check VALUES ('written before restart')");
    await db.end();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await spawnReady(env, { track });
    db = await embeddedClient(dataDir);
    expect((await db.query('SELECT note FROM survival_check')).rows).toEqual([{ note: 'written before restart' }]);
    await db.end();
    second.child.kill('SIGKILL');
    await second.exited;

    const third = await spawnReady(env, { track });
    db = await embeddedClient(dataDir);
    expect((await db.query('SELECT count(*)::int AS n FROM survival_check')).rows).toEqual([{ n: 1 }]);
    await db.end();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);

  it('refuses a bad configuration value with one line naming the variable', async () => {
    const service = spawnService({ RATE_LIMIT_MAX: 'lots', DATA_DIR: dataDir }, await freePort());
    expect(await service.exited).toBe(1);
    expect(service.output().trim()).toBe('Invalid configuration: RATE_LIMIT_MAX must be an integer from 1 to 1000000 (got "lots")');
  });

  it('gives up on an unreachable database after its retry budget, with a clear message', async () => {
    const deadPort = await freePort();
    const service = spawnService(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${deadPort}/todo`, DB_CONNECT_TIMEOUT_S: '2' },
      await freePort(),
    );
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain(`Cannot connect to the database at 127.0.0.1:${deadPort}/todo`);
  }, 30_000);
});
