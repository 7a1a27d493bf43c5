#!/usr/bin/env node
// npm run bench:own (and npm run bench without the shared baseline) — drives the service with autocannon and prints requests/s and p50/p99
// latency per case. Starts its own service (embedded PostgreSQL in a temporary DATA_DIR,
// RATE_LIMIT_MAX raised so the limiter never refuses) unless BENCH_URL names a running
// one; then BENCH_DATABASE_URL must name that service's database, for the operator
// command that creates the benchmark's users and keys.
//
//   BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_KEYS=20 BENCH_ROUNDS=3 npm run bench:own
//
// The first and the 51st page of the 10,000-item list run in turns, BENCH_ROUNDS times each,
// and their medians make the deep page's ratio: run one after the other, the machine's drift
// between two cases (up to a fifth here) would read as a difference between the pages.
import { api, keyedRun, provisionKeys, say, startService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The median of the runs of one case: req/s and p99 each by its own median. */
function medianOf(runs) {
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    ...runs[0],
    'req/s': middle(runs.map((r) => r['req/s'])),
    'p50 ms': middle(runs.map((r) => r['p50 ms'])),
    'p99 ms': middle(runs.map((r) => r['p99 ms'])),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    'non-2xx': runs.reduce((sum, r) => sum + r['non-2xx'], 0),
  };
}

async function prepareData(url, keys) {
  const texts = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
  const small = [];
  const scratch = [];
  for (const key of keys) {
    const list = (await api(url, key, 'POST', '/v1/lists', { name: 'bench small' })).list;
    await api(url, key, 'POST', '/v1/actions/add', { list: list.id, items: texts(100, 'item') });
    small.push(list.id);
    scratch.push((await api(url, key, 'POST', '/v1/lists', { name: 'bench writes' })).list.id);
  }
  // One list of 10,000 items, shared with every benchmark key through a share link.
  const large = (await api(url, keys[0], 'POST', '/v1/lists', { name: 'bench large' })).list;
  for (let batch = 0; batch < 100; batch += 1) {
    await api(url, keys[0], 'POST', '/v1/actions/add', { list: large.id, items: texts(100, `row ${batch}`) });
  }
  const share = (await api(url, keys[0], 'POST', `/v1/lists/${large.id}/shares`, { role: 'viewer' })).share;
  for (const key of keys.slice(1)) await api(url, key, 'POST', `/v1/shares/${share.token}/join`);
  // A cursor from the middle of the large list: keyset pages cost the same anywhere.
  let cursor = null;
  for (let page = 0; page < 50; page += 1) {
    cursor = (await api(url, keys[0], 'GET', `/v1/lists/${large.id}/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).next_cursor;
  }
  return { small, scratch, large: large.id, middleCursor: cursor };
}

async function bench(url, title, keys, build, options = {}) {
  const result = await keyedRun(url, { connections: CONNECTIONS, duration: DURATION, amount: options.amount }, keys, (i) => ({
    method: 'GET',
    ...build(i),
  }));
  return {
    case: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx': result.non2xx,
  };
}

/** The service on its own embedded PostgreSQL, limiter out of the way, logging only warnings. */
async function startOwnService() {
  const env = { ...process.env, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const service = await startService(env);
  return { ...service, cliEnv: service.env };
}

async function main() {
  const external = process.env.BENCH_URL;
  const service = external
    ? { url: external, cliEnv: { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL }, stop: async () => {} }
    : await startOwnService();
  try {
    say(`benchmarking ${service.url}: ${KEYS} keys, ${CONNECTIONS} connections, ${DURATION}s per case`);
    const keys = await provisionKeys(service.cliEnv, KEYS, 'bench');
    say('preparing lists (100 items per key, one shared list of 10,000 items)…');
    const data = await prepareData(service.url, keys);
    const results = [];
    const page = (list, cursor) => `/v1/lists/${list}/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    results.push(await bench(service.url, 'GET /v1/me', keys, () => ({ path: '/v1/me' })));
    results.push(await bench(service.url, 'GET items, list of 100', keys, (i) => ({ path: page(data.small[i]) })));
    const first = [];
    const deep = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      first.push(await bench(service.url, 'GET items, list of 10,000 (first page)', keys, () => ({ path: page(data.large) })));
      deep.push(
        await bench(service.url, 'GET items, list of 10,000 (page 51)', keys, () => ({ path: page(data.large, data.middleCursor) })),
      );
    }
    const [firstPage, deepPage] = [medianOf(first), medianOf(deep)];
    results.push(firstPage, deepPage);
    // Fixed request counts for writes, so no list reaches its 10,000-item limit.
    const add = (count) => (i) => ({
      method: 'POST',
      path: '/v1/actions/add',
      body: { list: data.scratch[i], items: Array.from({ length: count }, (_, k) => `bench item ${k}`) },
    });
    results.push(await bench(service.url, 'POST add, 1 item', keys, add(1), { amount: 500 * keys.length }));
    results.push(await bench(service.url, 'POST add, 20 items', keys, add(20), { amount: 200 * keys.length }));
    console.table(results);
    const deepPageRatio = Number((deepPage['req/s'] / firstPage['req/s']).toFixed(2));
    say(
      `page 51 / first page (medians of ${ROUNDS} rounds in turns): req/s ${deepPageRatio.toFixed(2)}, ` +
        `p99 ${(deepPage['p99 ms'] / firstPage['p99 ms']).toFixed(2)}`,
    );
    process.stdout.write(
      `${JSON.stringify({ at: new Date().toISOString(), keys: KEYS, connections: CONNECTIONS, rounds: ROUNDS, deepPageRatio, results })}\n`,
    );
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
