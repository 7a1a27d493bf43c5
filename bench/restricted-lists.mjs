#!/usr/bin/env node
// npm run bench:restricted — what a restricted key costs next to a full key (API.md section 9):
// the bench's per-request cases (GET /v1/me, a page of items, an add of 1 and of 20 items), each
// run with the accounts' full keys and with keys of the same accounts restricted every way at
// once (their lists, an expiry, this machine's addresses), in turns, BENCH_ROUNDS times; the
// medians make each case's ratio (restricted / full req/s). Run one after the other, the
// machine's drift between two cases would read as a difference between the keys.
//
//   BENCH_DURATION=5 BENCH_CONNECTIONS=20 BENCH_KEYS=20 BENCH_ROUNDS=3 npm run bench:restricted
import { api, cli, middle, provisionKeys, rateRun, say, startService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const run = (url, keys, build, options = {}) =>
  rateRun(url, { connections: CONNECTIONS, duration: DURATION, amount: options.amount }, keys, build);

/** Each account: a list of 100 items, and a list to add to per kind of key (so neither reaches the 10,000-item limit). */
async function prepare(url, cliEnv, fullKeys) {
  const texts = (n) => Array.from({ length: n }, (_, i) => `item ${i + 1}`);
  const accounts = [];
  for (const key of fullKeys) {
    const list = async (name) => (await api(url, key, 'POST', '/v1/lists', { name })).list.id;
    const small = await list('bench small');
    await api(url, key, 'POST', '/v1/actions/add', { list: small, items: texts(100) });
    const scratch = { full: await list('bench writes, full key'), restricted: await list('bench writes, restricted key') };
    const { username } = await api(url, key, 'GET', '/v1/me');
    const { stdout } = await cli(cliEnv, [
      'create-key',
      '--login',
      username,
      '--label',
      'bench restricted',
      '--list-ids',
      [small, scratch.full, scratch.restricted].join(','),
      '--expires-at',
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
      '--allowed-ips',
      '127.0.0.0/8,::1',
      '--json',
    ]);
    accounts.push({ small, scratch, keys: { full: key, restricted: JSON.parse(stdout).key } });
  }
  return accounts;
}

async function main() {
  const env = { ...process.env, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const service = await startService(env);
  try {
    say(`benchmarking ${service.url}: ${KEYS} accounts, full and restricted keys, ${CONNECTIONS} connections, ${DURATION}s per case`);
    const accounts = await prepare(service.url, service.env, await provisionKeys(service.env, KEYS, 'restricted'));
    const cases = {
      'GET /v1/me': () => () => ({ method: 'GET', path: '/v1/me' }),
      'GET items, list of 100': () => (i) => ({ method: 'GET', path: `/v1/lists/${accounts[i].small}/items?limit=100` }),
      'POST add, 1 item': (kind) => (i) => ({
        method: 'POST',
        path: '/v1/actions/add',
        body: { list: accounts[i].scratch[kind], items: ['x'] },
      }),
      'POST add, 20 items': (kind) => (i) => ({
        method: 'POST',
        path: '/v1/actions/add',
        body: { list: accounts[i].scratch[kind], items: Array.from({ length: 20 }, (_, k) => `bench item ${k}`) },
      }),
    };
    // Per list and kind of key, ROUNDS runs of each stay below the 10,000-item limit (5 rounds: 1,000 + 6,000 items).
    const amounts = { 'POST add, 1 item': 200 * KEYS, 'POST add, 20 items': 60 * KEYS };
    const rows = [];
    for (const [title, build] of Object.entries(cases)) {
      const runs = { full: [], restricted: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const kind of round % 2 === 0 ? ['full', 'restricted'] : ['restricted', 'full']) {
          const keys = accounts.map((account) => account.keys[kind]);
          runs[kind].push(await run(service.url, keys, build(kind), { amount: amounts[title] }));
        }
      }
      const [full, restricted] = [runs.full, runs.restricted].map((r) => ({
        rps: middle(r.map((x) => x.rps)),
        p99: middle(r.map((x) => x.p99)),
      }));
      rows.push({
        case: title,
        'full req/s': Math.round(full.rps),
        'restricted req/s': Math.round(restricted.rps),
        'restricted / full': Number((restricted.rps / full.rps).toFixed(3)),
        'full p99 ms': full.p99,
        'restricted p99 ms': restricted.p99,
      });
    }
    console.table(rows);
    process.stdout.write(
      `${JSON.stringify({ at: new Date().toISOString(), keys: KEYS, connections: CONNECTIONS, rounds: ROUNDS, rows })}\n`,
    );
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
