// What the benchmark scripts share: starting the built service (dist/main.js) and waiting
// until it is ready, and running the operator command against it.
import autocannon from 'autocannon';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const { freePort } = createRequire(import.meta.url)(join(root, 'dist', 'common', 'net', 'free-port.js'));
export const say = (line) => process.stderr.write(`${line}\n`);
const execFileAsync = promisify(execFile);

/** Runs a command to its end; its stdout, or an error with both outputs when it fails. */
export function runChecked(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The operator command (dist/cli.js) with `env`; resolves to its stdout and stderr. */
export const cli = (env, args) => execFileAsync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { cwd: root, env });

/** Polls /health/ready until the service answers 200; fails if it exits or takes over 60 s. */
export async function waitReady(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the service did not become ready in 60 s');
}

/**
 * The production build (of this checkout, or of the checkout `dir`; `nodeArgs` before the script, e.g. --cpu-prof) on a free port, its log lines to /dev/null (written, not read), and
 * ready. Without DATABASE_URL in `env` it runs its own embedded PostgreSQL in a temporary
 * DATA_DIR, removed by stop().
 */
export async function startService(env, dir = root, nodeArgs = []) {
  const port = await freePort();
  const dataDir = env.DATABASE_URL ? undefined : await mkdtemp(join(tmpdir(), 'todo-bench-'));
  const serviceEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', ...(dataDir ? { DATA_DIR: dataDir } : {}) };
  const child = spawn(process.execPath, [...nodeArgs, join(dir, 'dist', 'main.js')], {
    cwd: dir,
    env: serviceEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return {
    url,
    env: serviceEnv,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The production build on its own embedded database with the limiter out of the way and quiet
 * logs: the service of a bench that compares two ways of calling it in one process.
 */
export function startBenchService() {
  const env = { ...process.env, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return startService(env);
}

/**
 * The framework floor (bench/framework-floor.mjs --serve) on a free port: the baseline's work
 * on a bare Nest application, reading the baseline's database `baselineDb`, its seeding routes
 * forwarded to the baseline at `baselineUrl`.
 */
export async function startFloor(baselineUrl, baselineDb) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench', 'framework-floor.mjs'), '--serve', String(port), baselineUrl, baselineDb], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((started, failed) => {
    child.once('exit', (code) => failed(new Error(`the framework floor exited with ${code}`)));
    child.stdout.on('data', (chunk) => /listening/.test(String(chunk)) && started());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/**
 * `count` users with one key each, made with the operator command as an operator would make
 * them; `tag` names them (`tag_<time>_<i>`) and labels the keys.
 */
export async function provisionKeys(cliEnv, count, tag) {
  const stamp = Date.now().toString(36);
  const keys = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${tag}_${stamp}_${i}`;
    await cli(cliEnv, ['create-user', '--email', `${username}@example.test`, '--username', username, '--name', `${tag} ${i}`, '--json']);
    const { stdout } = await cli(cliEnv, ['create-key', '--login', username, '--label', tag, '--json']);
    keys.push(JSON.parse(stdout).key);
  }
  return keys;
}

/** One call of the API with a key; answers `data`, or throws with the envelope's error. */
export async function api(url, key, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status}: ${json.error}`);
  return json.data;
}

/** An autocannon request of the API with a key: JSON body and its Content-Type only when there is a body; `headers` beside them. */
export const keyedRequest = (request, key, { method, path, body, headers }) => ({
  ...request,
  method,
  path,
  headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
  body: body ? JSON.stringify(body) : undefined,
});

/**
 * One autocannon run of keyed requests, round robin over `keys`: the i-th key's request is
 * `build(i)` ({method, path, body}); for `duration` seconds, or `amount` requests when given.
 * Answers autocannon's result.
 */
export function keyedRun(url, { connections, duration, amount }, keys, build) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration }),
        requests: [
          {
            setupRequest: (request) => {
              const i = n++ % keys.length;
              return keyedRequest(request, keys[i], build(i));
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The median of a few values (the middle one; the upper middle of an even count). */
export const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One keyedRun that must answer only 2xx, as a rate: a timed run's requests over its duration; a
 * fixed-amount run ends on autocannon's next one-second tick, so its own duration rounds the
 * rate, which then comes from the mean latency at a fixed number of connections (whole-millisecond
 * latencies, fine at the adds' 10 ms and more, too coarse under one).
 */
export async function rateRun(url, { connections, duration, amount }, keys, build) {
  const result = await keyedRun(url, { connections, duration, amount }, keys, build);
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
  const rps = amount ? (connections * 1000) / result.latency.mean : result.requests.total / result.duration;
  return { rps, p99: result.latency.p99 };
}
