#!/usr/bin/env node
// npm run bench:ratelimit — the limiter's own cost per request, in process, against dist/:
// the memory store, and the Redis store when Redis answers at BENCH_REDIS_URL / TEST_REDIS_URL /
// REDIS_URL (default redis://127.0.0.1:6379). Sequential calls are one script and one round trip
// each; with calls in flight, the store sends those of one turn (and those that came while a
// reply was owed) as one script.
// Each case runs sequentially (latency per call) and with BENCH_CONCURRENCY calls in flight
// (throughput), spread over BENCH_KEYS keys with a limit they never reach.
//
//   BENCH_ITERATIONS=200000 BENCH_KEYS=1000 npm run bench:ratelimit
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dist = (path) => require(join(root, 'dist', path));
const { MemoryRateLimitStore } = dist('modules/rate-limit/infrastructure/in-memory/memory-rate-limit.store.js');
const { RedisRateLimitStore } = dist('modules/rate-limit/infrastructure/redis/redis-rate-limit.store.js');
const { connectRateLimitRedis } = dist('modules/rate-limit/rate-limit.module.js');
const { SystemClock } = dist('common/ports/clock.js');

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200_000);
const REDIS_ITERATIONS = Number(process.env.BENCH_REDIS_ITERATIONS ?? 20_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const LIMIT = 1_000_000;
const WINDOW_MS = 60_000;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const say = (line) => process.stderr.write(`${line}\n`);
const keys = Array.from({ length: KEYS }, (_, i) => `key:bench-${i}`);

async function sequential(store, iterations) {
  for (let i = 0; i < Math.min(2_000, iterations); i += 1) await store.hit(keys[i % KEYS], LIMIT, WINDOW_MS); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await store.hit(keys[i % KEYS], LIMIT, WINDOW_MS);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function concurrent(store, iterations) {
  let next = 0;
  const worker = async () => {
    while (next < iterations) await store.hit(keys[next++ % KEYS], LIMIT, WINDOW_MS);
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const rows = [];
async function measure(name, store, iterations) {
  const seq = await sequential(store, iterations);
  const par = await concurrent(store, iterations);
  const row = {
    store: name,
    calls: iterations,
    'sequential µs/call': Number(((seq / iterations) * 1e6).toFixed(2)),
    'sequential ops/s': Math.round(iterations / seq),
    [`${CONCURRENCY} in flight ops/s`]: Math.round(iterations / par),
  };
  rows.push(row);
  say(
    `${name}: ${row['sequential µs/call']} µs/call sequential, ${row[`${CONCURRENCY} in flight ops/s`]} ops/s with ${CONCURRENCY} in flight`,
  );
}

async function redisAnswers(redis) {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 2_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

await measure('memory', new MemoryRateLimitStore(new SystemClock()), ITERATIONS);

const redis = connectRateLimitRedis(redisUrl);
redis.on('error', () => {});
if (await redisAnswers(redis)) {
  const prefix = `bench:${randomBytes(6).toString('hex')}:`;
  const log = { warn: (m) => say(`warn: ${m}`), info: (m) => say(`info: ${m}`) };
  await measure('redis', new RedisRateLimitStore(redis, new MemoryRateLimitStore(new SystemClock()), prefix, log), REDIS_ITERATIONS);
  // Leave nothing behind in a shared Redis.
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length) await redis.del(...found);
    cursor = next;
  } while (cursor !== '0');
} else {
  say(`redis: SKIPPED — no Redis answers at ${redisUrl} (set BENCH_REDIS_URL)`);
}
redis.disconnect();

console.table(rows);
