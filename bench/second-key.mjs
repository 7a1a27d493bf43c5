#!/usr/bin/env node
// What a second kind of key costs next to the accounts' full live keys, on the bench's
// per-request cases (GET /v1/me, a page of items, an add of 1 and of 20 items), in turns,
// BENCH_ROUNDS times; the medians make each case's ratio (other / full req/s). Run one after
// the other, the machine's drift between two cases would read as a difference between the keys.
//
//   npm run bench:restricted — keys of the same accounts restricted every way at once (their
//     lists, an expiry, this machine's addresses; API.md section 9)
//   npm run bench:test-mode  — the same accounts' test-mode keys, on their own sandbox lists
//     (API.md section 10): test mode must run at the speed of live mode
//
//   BENCH_DURATION=5 BENCH_CONNECTIONS=20 BENCH_KEYS=20 BENCH_ROUNDS=3 npm run bench:restricted
import { api, cli, middle, provisionKeys, rateRun, say, startBenchService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const run = (url, keys, build, options = {}) =>
  rateRun(url, { connections: CONNECTIONS, duration: DURATION, amount: options.amount }, keys, build);

const KINDS = {
  /** Restricted to the account's bench lists, expiring in 30 days, usable from this machine only. */
  restricted: {
    options: (lists) => [
      '--list-ids',
      lists.join(','),
      '--expires-at',
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
      '--allowed-ips',
      '127.0.0.0/8,::1',
    ],
    ownLists: false,
  },
  /** A test-mode key: its lists are the sandbox's, made with the key itself. */
  test: { options: () => ['--mode', 'test'], ownLists: true },
};

const kind = process.argv[2] ?? 'restricted';
if (!KINDS[kind]) {
  say(`usage: node bench/second-key.mjs ${Object.keys(KINDS).join('|')}`);
  process.exit(2);
}

/**
 * Each account, for each kind of key: a list of 100 items and a list to add to (so neither
 * reaches the 10,000-item limit). A restricted key shares the full key's small list; a test
 * key has its own, in the sandbox.
 */
async function prepare(url, cliEnv, fullKeys) {
  const texts = (n) => Array.from({ length: n }, (_, i) => `item ${i + 1}`);
  const lists = async (key, tag) => {
    const list = async (name) => (await api(url, key, 'POST', '/v1/lists', { name })).list.id;
    const small = await list(`bench small ${tag}`);
    await api(url, key, 'POST', '/v1/actions/add', { list: small, items: texts(100) });
    return { small, scratch: await list(`bench writes ${tag}`) };
  };
  const accounts = [];
  for (const key of fullKeys) {
    const full = await lists(key, 'full');
    const other = KINDS[kind].ownLists ? null : { small: full.small, scratch: (await lists(key, kind)).scratch };
    const { username } = await api(url, key, 'GET', '/v1/me');
    const named = other ? [other.small, other.scratch, full.scratch] : [];
    const { stdout } = await cli(cliEnv, [
      'create-key',
      '--login',
      username,
      '--label',
      `bench ${kind}`,
      ...KINDS[kind].options(named),
      '--json',
    ]);
    const otherKey = JSON.parse(stdout).key;
    accounts.push({ lists: { full, [kind]: other ?? (await lists(otherKey, kind)) }, keys: { full: key, [kind]: otherKey } });
  }
  return accounts;
}

async function main() {
  const service = await startBenchService();
  try {
    say(`benchmarking ${service.url}: ${KEYS} accounts, full and ${kind} keys, ${CONNECTIONS} connections, ${DURATION}s per case`);
    const accounts = await prepare(service.url, service.env, await provisionKeys(service.env, KEYS, kind));
    const cases = {
      'GET /v1/me': () => () => ({ method: 'GET', path: '/v1/me' }),
      'GET items, list of 100': (who) => (i) => ({ method: 'GET', path: `/v1/lists/${accounts[i].lists[who].small}/items?limit=100` }),
      'POST add, 1 item': (who) => (i) => ({
        method: 'POST',
        path: '/v1/actions/add',
        body: { list: accounts[i].lists[who].scratch, items: ['x'] },
      }),
      'POST add, 20 items': (who) => (i) => ({
        method: 'POST',
        path: '/v1/actions/add',
        body: { list: accounts[i].lists[who].scratch, items: Array.from({ length: 20 }, (_, k) => `bench item ${k}`) },
      }),
    };
    // Per list and kind of key, ROUNDS runs of each stay below the 10,000-item limit (5 rounds: 1,000 + 6,000 items).
    const amounts = { 'POST add, 1 item': 200 * KEYS, 'POST add, 20 items': 60 * KEYS };
    const rows = [];
    for (const [title, build] of Object.entries(cases)) {
      const runs = { full: [], [kind]: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const who of round % 2 === 0 ? ['full', kind] : [kind, 'full']) {
          const keys = accounts.map((account) => account.keys[who]);
          runs[who].push(await run(service.url, keys, build(who), { amount: amounts[title] }));
        }
      }
      const [full, other] = [runs.full, runs[kind]].map((r) => ({
        rps: middle(r.map((x) => x.rps)),
        p99: middle(r.map((x) => x.p99)),
      }));
      rows.push({
        case: title,
        'full req/s': Math.round(full.rps),
        [`${kind} req/s`]: Math.round(other.rps),
        [`${kind} / full`]: Number((other.rps / full.rps).toFixed(3)),
        'full p99 ms': full.p99,
        [`${kind} p99 ms`]: other.p99,
      });
    }
    console.table(rows);
    process.stdout.write(
      `${JSON.stringify({ at: new Date().toISOString(), kind, keys: KEYS, connections: CONNECTIONS, rounds: ROUNDS, rows })}\n`,
    );
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
