import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNpm, userEnv } from '../support/npm-process';
import { freePort, readinessStatus, ROOT } from '../support/service-process';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const pidIn = async (file: string) => Number((await readFile(file, 'utf8')).split('\n')[0]);

/**
 * A process manager, `kill $!` or a container runtime without an init sends
 * SIGTERM to `npm start` itself, not to the service. npm forwards it to its child; the service
 * must be that child (not a shell that dies and orphans it), stop in order, and npm exit 0.
 */
describe('SIGTERM or SIGINT sent to the npm start process', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'todo-npm-signal-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s stops the service and its PostgreSQL, and npm exits 0',
    async (signal) => {
      const port = await freePort();
      const npm = runNpm(['start'], { cwd: ROOT, env: userEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }) });
      await npm.waitFor(/"msg":"listening on http:\/\/127\.0\.0\.1:\d+"/, 90_000);
      // Start-up built nothing: dist/ was built once, before this run.
      expect(npm.output()).not.toContain('building dist/');
      const servicePid = await pidIn(join(dataDir, 'service.pid'));
      const postgresPid = await pidIn(join(dataDir, 'postgres', 'postmaster.pid'));
      expect(await readinessStatus(port)).toBe(200);

      npm.child.kill(signal);
      expect(await npm.exited).toBe(0);
      expect(npm.output()).toContain('"msg":"stopped"');
      expect({ service: alive(servicePid), postgres: alive(postgresPid) }).toEqual({ service: false, postgres: false });
    },
    120_000,
  );
});
