import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { dockerignore, envOf, parseDockerfile, replayStage } from './support/dockerfile';
import { freePort, readinessStatus, ROOT } from './support/service-process';
import { waitFor } from './support/wait-for';

/**
 * The image without an engine (none runs here or in CI): the build stage of docker/Dockerfile is
 * replayed in an empty folder (its COPY set, minus what .dockerignore leaves out of the context,
 * then its RUN steps), the runtime stage's COPY --from set is taken from the result, and the
 * image's CMD is run there with the image's environment. A RUN step that needs a file the COPY
 * set did not bring fails here as it would in `docker build`.
 */
jest.setTimeout(300_000);

const NO_REGISTRY = /ENOTCACHED|EAI_AGAIN|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network/i;

/** The environment of a RUN step, below the stage's ENV: a bare PATH and HOME (so npm finds its cache). */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
  for (const name of ['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig', 'TMPDIR']) {
    if (process.env[name]) env[name] = process.env[name]!;
  }
  return env;
}

/** `npm ci` as the Dockerfile writes it, told to use the npm cache the project's own install filled. */
const offline = (command: string) =>
  command.replace(/\bnpm ci\b([^&;|]*)/g, (whole, rest: string) =>
    rest.includes('--prefer-offline') ? whole : `npm ci --prefer-offline${rest}`,
  );

/** Every line the process wrote, parsed; fails the test, naming them, when any line is not a JSON document. */
function jsonLines(output: string): Array<Record<string, unknown>> {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const notJson = (line: string) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  };
  expect(lines.filter(notJson)).toEqual([]);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('docker/Dockerfile, replayed without an engine', () => {
  let work: string;
  const stages = () => readFile(join(ROOT, 'docker', 'Dockerfile'), 'utf8').then(parseDockerfile);
  /** The image's folder (its WORKDIR, /app): set once the build replayed; else the project itself. */
  let image: string | undefined;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'todo-dockerfile-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('builds: the build stage COPY set is all its RUN steps need, and the runtime stage finds what it copies', async () => {
    const [build, runtime] = await stages();
    expect(runtime.instructions.find((i) => i.op === 'CMD')?.args).toEqual(['node', 'dist/main.js']);
    const ignored = dockerignore(await readFile(join(ROOT, '.dockerignore'), 'utf8'));
    const app = join(work, 'build');
    await mkdir(app);
    const sent = await replayStage(build, {
      context: ROOT,
      root: app,
      ignored,
      env: baseEnv(),
      command: offline,
      giveUp: (instruction, run) => {
        if (!/\bnpm ci\b/.test(instruction.text) || !NO_REGISTRY.test(run.output)) return false;
        process.stderr.write(
          `\n${'!'.repeat(78)}\n!! SKIPPED: npm could not reach the registry and its cache lacks packages; the Dockerfile's build was NOT replayed.\n` +
            `!! Run npm ci once with the registry reachable, then again.\n${'!'.repeat(78)}\n\n`,
        );
        return true;
      },
    });
    if (!sent) return;
    // The context holds the sources, never the local state or secrets beside them.
    expect(sent).toEqual(expect.arrayContaining(['package-lock.json', 'scripts/ensure-built.mjs', 'src/main.ts']));
    expect(sent.filter((path) => /^(node_modules|dist|test|\.data|\.git)\/|\.spec\.ts$|(^|\/)\.env$/.test(path))).toEqual([]);

    // The runtime stage: its COPY --from=build set, moved into the image's folder.
    image = join(work, 'image');
    await mkdir(image);
    for (const instruction of runtime.instructions.filter((i) => i.op === 'COPY')) {
      expect(instruction.flags.from).toBe(build.name);
      const [source, dest] = instruction.args;
      const from = join(app, posix.relative('/app', source));
      if (!existsSync(from)) throw new Error(`COPY --from=${build.name} ${source}: the build stage did not make it`);
      await rename(from, join(image, dest));
    }
    expect(existsSync(join(image, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(image, 'dist', 'modules', 'developers', 'browser', 'app.js'))).toBe(true);
    // Production dependencies only.
    expect(existsSync(join(image, 'node_modules', '@nestjs', 'core'))).toBe(true);
    expect(existsSync(join(image, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(image, 'node_modules', 'jest'))).toBe(false);
  });

  describe("the image's CMD writes JSON lines only", () => {
    /** Runs the CMD in the image's folder (the project's own dist/ when the build could not be replayed) with the image's ENV. */
    async function runCmd(env: Record<string, string>) {
      const [, runtime] = await stages();
      const [command, ...args] = runtime.instructions.find((i) => i.op === 'CMD')!.args;
      let output = '';
      const child = spawn(command === 'node' ? process.execPath : command, args, {
        cwd: image ?? ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          ...envOf(runtime),
          // What docker/compose.yaml sets, on this machine's loopback and a free port.
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      child.stderr.on('data', (chunk) => (output += String(chunk)));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, exited, output: () => output };
    }

    it('from start to a SIGTERM stop', async () => {
      const port = await freePort();
      const run = await runCmd({ PORT: String(port), DATABASE_URL: process.env.DATABASE_URL! });
      try {
        await waitFor(
          async () => {
            if (run.child.exitCode !== null) throw new Error(`the service exited with ${run.child.exitCode}:\n${run.output()}`);
            return (await readinessStatus(port).catch(() => 0)) === 200;
          },
          { what: `the image's CMD to be ready on port ${port}`, timeoutMs: 60_000, intervalMs: 100 },
        );
      } finally {
        run.child.kill('SIGTERM');
      }
      expect(await run.exited).toBe(0);
      const messages = jsonLines(run.output()).map((line) => String(line.msg));
      expect(messages).toEqual(expect.arrayContaining(['Starting Nest application...', 'stopped']));
      expect(messages.some((msg) => /^listening on http:\/\/127\.0\.0\.1:\d+$/.test(msg))).toBe(true);
    });

    it('without DATABASE_URL: stops at once with one line saying to set it (the image has no embedded PostgreSQL)', async () => {
      if (!image) return; // the project's own node_modules hold the embedded PostgreSQL: nothing to see
      const run = await runCmd({ PORT: String(await freePort()), DATABASE_URL: '', DATA_DIR: join(work, 'data') });
      expect(await run.exited).toBe(1);
      const lines = jsonLines(run.output());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 60,
        msg: expect.stringMatching(
          /^start-up failed: DATABASE_URL is not set and the embedded PostgreSQL for \S+ \(\S+\) is not installed \(the Docker image leaves it out: it is for development only\): set DATABASE_URL/,
        ),
      });
    });

    it('when the start fails (no database): Nest start-up lines never reach the console in colour', async () => {
      const closed = await freePort();
      const run = await runCmd({
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:${closed}/none`,
        DB_CONNECT_TIMEOUT_S: '1',
      });
      expect(await run.exited).toBe(1);
      const lines = jsonLines(run.output());
      expect(lines[lines.length - 1]).toMatchObject({
        level: 60,
        msg: expect.stringMatching(/^start-up failed: Cannot connect to the database/),
      });
    });
  });
});
