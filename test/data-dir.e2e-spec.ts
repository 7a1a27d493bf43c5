import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envOf, parseDockerfile } from './support/dockerfile';
import { freePort, ROOT } from './support/service-process';

/** The uid and gid of `nobody`, whom root becomes here to meet the permissions a container's user meets. */
const NOBODY = 65534;

/**
 * The built service started where it cannot write DATA_DIR: a folder it may not create under a
 * read-only parent, as the image's user meets /app. As root, permissions do not stop writes,
 * so the service then runs as `nobody`; as another user, the read-only parent is enough.
 */
async function startUnwritable(env: Record<string, string>) {
  const parent = await mkdtemp(join(tmpdir(), 'todo-data-dir-'));
  await chmod(parent, 0o555);
  const dataDir = join(parent, 'data');
  const asRoot = process.getuid?.() === 0;
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: '/tmp', PORT: String(await freePort()), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exit) => resolve(exit)));
  await rm(parent, { recursive: true, force: true });
  return { code, output, dataDir, uid: asRoot ? NOBODY : process.getuid?.() };
}

describe('DATA_DIR that the service cannot write', () => {
  it('without DATABASE_URL: stops at once, exit 1, with one line naming DATA_DIR and why it is needed', async () => {
    const run = await startUnwritable({ DATABASE_URL: '' });
    expect(run.code).toBe(1);
    const lines = run.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `Cannot use DATA_DIR ${run.dataDir}: this process (uid ${run.uid}) cannot write it (EACCES). ` +
        'It holds the embedded PostgreSQL (DATABASE_URL is unset) and the master key file (WEBHOOK_SECRET_KEY is unset): ' +
        'make it writable, set DATA_DIR to a writable folder, or set those variables',
    );
  });

  it('with DATABASE_URL but no WEBHOOK_SECRET_KEY: the same line names only the key file', async () => {
    const closed = await freePort();
    const run = await startUnwritable({ DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:${closed}/none` });
    expect(run.code).toBe(1);
    expect(run.output.trim()).toBe(
      `Cannot use DATA_DIR ${run.dataDir}: this process (uid ${run.uid}) cannot write it (EACCES). ` +
        'It holds the master key file (WEBHOOK_SECRET_KEY is unset): make it writable, set DATA_DIR to a writable folder, or set WEBHOOK_SECRET_KEY',
    );
  });

  it('with DATABASE_URL and WEBHOOK_SECRET_KEY: DATA_DIR is not used, so it is not checked', async () => {
    const closed = await freePort();
    const run = await startUnwritable({
      DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:${closed}/none`,
      DB_CONNECT_TIMEOUT_S: '1',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    });
    // It gets as far as the database, which is not there.
    expect(run.code).toBe(1);
    expect(run.output).not.toContain('DATA_DIR');
    expect(run.output).toContain(`Cannot connect to the database at 127.0.0.1:${closed}/none`);
  });
});

describe("docker/Dockerfile: the image's DATA_DIR", () => {
  it('exists in the runtime stage, owned by the user the image runs as', async () => {
    const stages = parseDockerfile(await readFile(join(ROOT, 'docker', 'Dockerfile'), 'utf8'));
    const runtime = stages[stages.length - 1];
    const workdir = runtime.instructions.filter((i) => i.op === 'WORKDIR').pop()?.args[0];
    const dataDir = envOf(runtime).DATA_DIR ?? `${workdir}/.data`;
    expect(dataDir).toBe('/app/.data');
    const user = runtime.instructions.filter((i) => i.op === 'USER').pop()?.args[0];
    expect(user).toBe('app');
    // Made before USER switches away from root, and handed to that user.
    const index = (op: string, test: (text: string) => boolean) => runtime.instructions.findIndex((i) => i.op === op && test(i.text));
    const escaped = dataDir.replace(/\./g, '\\.');
    const made = index('RUN', (text) => new RegExp(`\\bmkdir\\b[^&;|]*\\s${escaped}(\\s|$)`).test(text));
    const owned = index('RUN', (text) => new RegExp(`\\bchown\\s+${user}(:${user})?\\s+${escaped}(\\s|$)`).test(text));
    expect(made).toBeGreaterThan(0);
    expect(owned).toBeGreaterThan(0);
    expect(index('USER', () => true)).toBeGreaterThan(Math.max(made, owned));
  });
});
