#!/usr/bin/env node
// npm run bench:ready-flood — what a flood of readiness checks costs the database and whether
// it makes a healthy instance "not ready". Starts the built service on a temporary embedded
// PostgreSQL (or targets BENCH_URL, whose database BENCH_DATABASE_URL names), then floods
// GET /health/ready with READY_CONNECTIONS connections for BENCH_DURATION seconds and prints how
// many answers were not 200, and how many transactions the database committed during the
// flood against an idle window of the same length (the service's own background work: key
// renewal, webhook polling, janitors), read from pg_stat_database.xact_commit.
//
//   BENCH_DURATION=10 READY_CONNECTIONS=100 npm run bench:ready-flood
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { root, say, startService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.READY_CONNECTIONS ?? 100);
const { runningEmbeddedPostgresUrl } = createRequire(import.meta.url)(join(root, 'dist', 'database', 'embedded-postgres.js'));

async function target() {
  if (process.env.BENCH_URL) {
    if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_URL needs BENCH_DATABASE_URL, the database of that service');
    return { url: process.env.BENCH_URL, databaseUrl: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  }
  const env = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const service = await startService(env);
  return { ...service, databaseUrl: await runningEmbeddedPostgresUrl(service.env.DATA_DIR) };
}

const service = await target();
const db = new pg.Client({ connectionString: service.databaseUrl });
await db.connect();
// Each read is a transaction of its own, counted too: one per read, subtracted below.
const commits = async () =>
  Number((await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);

try {
  say(`idle for ${DURATION} s (the service's own background transactions) …`);
  const idleStart = await commits();
  await new Promise((resolve) => setTimeout(resolve, DURATION * 1000));
  const idle = (await commits()) - idleStart - 1;

  say(`flooding ${service.url}/health/ready with ${CONNECTIONS} connections for ${DURATION} s …`);
  const floodStart = await commits();
  const result = await autocannon({ url: `${service.url}/health/ready`, connections: CONNECTIONS, duration: DURATION });
  const flood = (await commits()) - floodStart - 1;

  const answers = result['2xx'] + result.non2xx;
  console.log(`answers:                      ${answers} (${Math.round(result.requests.average)} req/s)`);
  console.log(`not ready (not 200):          ${result.non2xx}`);
  console.log(`connection errors / timeouts: ${result.errors} / ${result.timeouts}`);
  console.log(`database transactions, flood: ${flood}`);
  console.log(`database transactions, idle:  ${idle}`);
  console.log(`readiness queries (flood - idle, at most ${DURATION} expected): ${flood - idle}`);
  process.exitCode = result.non2xx === 0 && result.errors === 0 ? 0 : 1;
} finally {
  await db.end();
  await service.stop();
}
