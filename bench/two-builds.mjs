#!/usr/bin/env node
// Two builds of the service side by side, in one run: the way to measure what one change
// costs without the baseline's own drift between runs (docs/performance.md, "How to measure").
// Each build (a checkout with dist/ built) runs on its own database of one throwaway
// PostgreSQL server (the shared benchmark's run-baseline.sh), production mode, default log
// level, limiter out of the way; the shared driver runs A and B in turns and prints the ratios.
//
//   node bench/two-builds.mjs DIR_A DIR_B [workloads]          e.g. . /tmp/other-build add1,add20
//   A_ENV='REDIS_URL=redis://127.0.0.1:6379' node bench/two-builds.mjs . .   # the same build with and without Redis
//   B_ENV='METRICS_PORT=0' node bench/two-builds.mjs . . me,items,add1,add20   # the same build without and with metrics
//   BENCH_ROUNDS=3 BENCH_DURATION=8 BENCH_CONNECTIONS=50 BENCH_KEYS=50 (as npm run bench)
//   BENCH_EMBEDDED=1: each build on an embedded PostgreSQL of its own (in a temporary DATA_DIR)
//   instead of the shared throwaway server, so the run shares no state (/tmp/bench-baseline) with
//   another bench running on the machine at the same time
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, runChecked, say, startService } from './service.mjs';

const shared = resolve(process.env.BENCH_SHARED_DIR ?? join(root, '..', 'shared', 'bench'));
const [dirA, dirB, workloads = 'add1,add20'] = process.argv.slice(2);
if (!dirA || !dirB) {
  say('usage: node bench/two-builds.mjs DIR_A DIR_B [workloads]');
  process.exit(2);
}
for (const dir of [dirA, dirB]) {
  if (!existsSync(join(resolve(dir), 'dist', 'main.js'))) {
    say(`${dir} has no dist/main.js: build it first (node scripts/ensure-built.mjs)`);
    process.exit(2);
  }
}
const embedded = process.env.BENCH_EMBEDDED === '1';
if (!existsSync(join(shared, 'run-baseline.sh'))) {
  say(`no shared benchmark at ${shared}`);
  process.exit(3);
}

const setting = (name, fallback) => process.env[name] ?? fallback;
/** `NAME=value NAME2=value2` as an object (A_ENV, B_ENV). */
const envOf = (text) =>
  Object.fromEntries(
    (text ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s, 2)),
  );

async function main() {
  if (!existsSync(join(shared, 'node_modules', 'autocannon'))) runChecked('npm', ['ci', '--no-audit', '--no-fund'], { cwd: shared });
  let projectUrl;
  if (!embedded) {
    runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared });
    const started = runChecked(join(shared, 'run-baseline.sh'), ['start'], { cwd: shared });
    projectUrl = /project DATABASE_URL=(\S+)/.exec(started)?.[1];
  }
  const services = [];
  try {
    if (!embedded && !projectUrl) throw new Error('run-baseline.sh did not print the project DATABASE_URL');
    const secondUrl = projectUrl?.replace(/\/project$/, '/project_b');
    if (!embedded) runChecked('psql', [projectUrl, '-qc', 'CREATE DATABASE project_b']);
    const base = { ...process.env, NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000' };
    delete base.LOG_LEVEL;
    delete base.REDIS_URL;
    // Without DATABASE_URL, startService gives each service an embedded PostgreSQL of its own.
    if (embedded) delete base.DATABASE_URL;
    for (const [dir, databaseUrl, extra] of [
      [dirA, projectUrl, envOf(process.env.A_ENV)],
      [dirB, secondUrl, envOf(process.env.B_ENV)],
    ]) {
      services.push(await startService({ ...base, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...extra }, resolve(dir)));
    }
    const [a, b] = services;
    say(`A: ${resolve(dirA)} on ${a.url}; B: ${resolve(dirB)} on ${b.url}`);
    const driver = spawnSync(
      process.execPath,
      [
        join(shared, 'bench.mjs'),
        ...['--target', a.url, '--vs', b.url, '--workloads', workloads],
        ...['--rounds', setting('BENCH_ROUNDS', '3'), '--duration', setting('BENCH_DURATION', '8')],
        ...['--connections', setting('BENCH_CONNECTIONS', '50'), '--keys', setting('BENCH_KEYS', '50')],
      ],
      { cwd: shared, stdio: 'inherit' },
    );
    if (driver.status !== 0) throw new Error(`the shared driver failed (${driver.status})`);
  } finally {
    for (const service of services) await service.stop();
    if (!embedded) runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared });
  }
}

main().catch((error) => {
  say(`two-builds bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
