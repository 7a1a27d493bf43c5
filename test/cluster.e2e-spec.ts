import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { KeysService } from '../src/modules/keys/domain/keys.service';
import { makeUserWithKey } from './factories/make-user';
import { freePort, ROOT } from './support/service-process';
import { startTestApp, TestApp } from './support/test-app';

/**
 * `npm run cluster` (scripts/cluster.mjs): two instances of the built service behind its
 * round-robin proxy, sharing the e2e database and Redis, driven only through the proxy,
 * the way docker/compose.yaml runs the service behind nginx.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;
if (!redisUrl) {
  process.stderr.write(
    '\n!! SKIPPED: test/cluster.e2e-spec.ts needs Redis (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379);\n' +
      '!! the rate limit and revocation were not checked across instances.\n\n',
  );
}

const LIMIT = 12;

interface Cluster {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function startCluster(): Promise<Cluster> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'cluster.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      INSTANCES: '2',
      PORT: String(port),
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl!,
      RATE_LIMIT_MAX: String(LIMIT),
      RATE_LIMIT_WINDOW_S: '60',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster not ready after 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const ready = output.split('\n').find((line) => line.includes('"cluster ready"'));
      if (ready) {
        clearTimeout(timer);
        resolve(JSON.parse(ready).url);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cluster exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describeWithRedis('several instances behind the cluster proxy (e2e)', () => {
  let cluster: Cluster;
  let t: TestApp;

  beforeAll(async () => {
    // The in-process app only makes accounts and keys in the shared database, and plays the
    // part of a third instance where a key is revoked.
    t = await startTestApp();
    cluster = await startCluster();
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
    await t?.close();
  });

  const me = (key: string) => fetch(`${cluster.url}/v1/me`, { headers: { 'X-API-Key': key } });

  it('admits exactly the limit in total while requests alternate between the instances', async () => {
    const { key } = await makeUserWithKey(t.app);
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < LIMIT + 4; i += 1) {
      const res = await me(key);
      statuses.push(res.status);
      remaining.push(res.headers.get('ratelimit') ?? '');
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429]);
    // One shared window: the remaining count falls by one per request, whichever instance answers.
    expect(remaining[0]).toMatch(new RegExp(`^"default";r=${LIMIT - 1};t=\\d+$`));
    expect(remaining[LIMIT - 1]).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('refuses a revoked key on every instance within one second', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.app);
    // Warm both instances' caches with the verified key.
    for (let i = 0; i < 4; i += 1) expect((await me(key)).status).toBe(200);

    await t.app.get(KeysService).revoke(user.id, keyId);
    await new Promise((r) => setTimeout(r, 1_000));

    const after = await Promise.all([me(key), me(key), me(key), me(key)]);
    expect(after.map((res) => res.status)).toEqual([401, 401, 401, 401]);
  });
});
