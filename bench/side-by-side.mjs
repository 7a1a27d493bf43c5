#!/usr/bin/env node
// The service against the yardstick, in one run: when the shared benchmark folder is present
// (shared/bench, a sibling folder of the checkout, or BENCH_SHARED_DIR), this starts its bare
// node:http + pg baseline and a PostgreSQL server with run-baseline.sh, starts the production
// build of the service on that same server (default log level, limiter out of the way), and
// runs the shared driver on both, A (the service) and B (the baseline) taking turns. It
// prints the driver's rounds, medians and ratios, and exits 3 when the folder is absent so
// that `npm run bench` goes on with the service's own figures only.
//
//   BENCH_ROUNDS=3 BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_KEYS=50 npm run bench
//   BENCH_REDIS_URL=redis://127.0.0.1:6379 npm run bench     # the service with REDIS_URL set
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, runChecked, say, startService } from './service.mjs';

const shared = resolve(process.env.BENCH_SHARED_DIR ?? join(root, '..', 'shared', 'bench'));

if (!existsSync(join(shared, 'bench.mjs')) || !existsSync(join(shared, 'run-baseline.sh'))) {
  say(`no shared benchmark at ${shared}: the side-by-side comparison is skipped`);
  process.exit(3);
}

const setting = (name, fallback) => process.env[name] ?? fallback;

async function main() {
  if (!existsSync(join(shared, 'node_modules', 'autocannon'))) {
    say(`installing the shared benchmark's own packages (npm ci in ${shared})…`);
    runChecked('npm', ['ci', '--no-audit', '--no-fund'], { cwd: shared, stdio: 'inherit' });
  }
  runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared });
  const started = runChecked(join(shared, 'run-baseline.sh'), ['start'], { cwd: shared });
  process.stderr.write(started);
  const databaseUrl = /project DATABASE_URL=(\S+)/.exec(started)?.[1];
  let service;
  try {
    if (!databaseUrl) throw new Error('run-baseline.sh did not print the project DATABASE_URL');
    const env = { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: '1000000' };
    // The default log level (one line per request), as in production: not turned down.
    delete env.LOG_LEVEL;
    delete env.REDIS_URL;
    if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
    service = await startService(env);
    const url = service.url;
    say(
      `service (pid ${service.pid}) on ${url}${env.REDIS_URL ? ' with REDIS_URL' : ''}; baseline on port ${readFileSync('/tmp/bench-baseline/port', 'utf8').trim()}`,
    );
    const args = [
      join(shared, 'bench.mjs'),
      '--target',
      url,
      '--vs',
      'baseline',
      '--rounds',
      setting('BENCH_ROUNDS', '3'),
      '--duration',
      setting('BENCH_DURATION', '10'),
      '--connections',
      setting('BENCH_CONNECTIONS', '50'),
      '--keys',
      setting('BENCH_KEYS', '50'),
      '--workloads',
      setting('BENCH_WORKLOADS', 'me,items,add1,add20'),
      ...(process.env.BENCH_JSON ? ['--json', process.env.BENCH_JSON] : []),
    ];
    const driver = spawnSync(process.execPath, args, { cwd: shared, stdio: 'inherit' });
    if (driver.status !== 0) throw new Error(`the shared driver failed (${driver.status})`);
  } finally {
    await service?.stop();
    process.stderr.write(runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared }));
  }
}

main().catch((error) => {
  say(`side-by-side bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
