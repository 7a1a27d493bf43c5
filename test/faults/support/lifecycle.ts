import { startScratchDatabase, ScratchDatabase } from '../../support/scratch-postgres';
import { ServiceProcess, spawnReady } from '../../support/service-process';
import { PostgresServer } from './postgres-server';

/**
 * A PostgreSQL server of the spec's own (one it can stop and restart) and the instances the
 * spec starts against it, killed and awaited after the spec: the set-up of the cluster faults.
 */
export function useOwnPostgresWithInstances(): { pg: PostgresServer; instances: ServiceProcess[] } {
  const pg = new PostgresServer();
  const instances: ServiceProcess[] = [];
  beforeAll(() => pg.init());
  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await pg.destroy();
  });
  return { pg, instances };
}

/**
 * A scratch database for the spec and one built service a test, started with that test's
 * settings over `baseEnv` and killed after it: for specs whose tests each need other server
 * settings (timeouts, connection bounds). The returned function starts it and gives its port.
 */
export function useServicePerTest(baseEnv: Record<string, string>): (env?: Record<string, string>) => Promise<number> {
  let db: ScratchDatabase | undefined;
  // Every process started (a start that lost its port included): killed after each test, awaited after the spec.
  const started: ServiceProcess[] = [];
  beforeAll(async () => {
    db = await startScratchDatabase();
  });
  afterEach(() => {
    for (const service of started) service.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await Promise.all(started.map((service) => service.exited));
    await db?.stop();
  });
  return async (env = {}) => {
    if (!db) throw new Error('the scratch database did not start');
    const service = await spawnReady(
      { DATABASE_URL: db.url, LOG_LEVEL: 'warn', ...baseEnv, ...env },
      { track: (each) => started.push(each) },
    );
    return service.port;
  };
}
