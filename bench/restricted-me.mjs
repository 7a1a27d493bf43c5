#!/usr/bin/env node
// npm run bench:restricted-me — GET /v1/me (the cheapest keyed request) with a full key and with
// keys restricted one way each (scopes, lists, an expiry, addresses) and every way at once, in
// turns, BENCH_ROUNDS rounds; prints each kind's rates and their median. Per-restriction, where
// npm run bench:restricted compares the full and the fully restricted key on every workload.
//
//   BENCH_DURATION=3 BENCH_KEYS=10 BENCH_ROUNDS=5 npm run bench:restricted-me
import { api, cli, keyedRun, provisionKeys, say, startBenchService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function main() {
  const service = await startBenchService();
  try {
    const full = await provisionKeys(service.env, KEYS, 'restricted_me');
    const kinds = { full, 'every way': [], scopes: [], lists: [], expiry: [], addresses: [] };
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    for (const key of full) {
      const { username } = await api(service.url, key, 'GET', '/v1/me');
      const list = (await api(service.url, key, 'POST', '/v1/lists', { name: 'bench' })).list.id;
      const create = async (...options) =>
        JSON.parse((await cli(service.env, ['create-key', '--login', username, '--label', 'bench', ...options, '--json'])).stdout).key;
      kinds['every way'].push(await create('--list-ids', list, '--expires-at', expiresAt, '--allowed-ips', '127.0.0.0/8,::1'));
      kinds.scopes.push(await create('--scopes', 'profile:read,items:read'));
      kinds.lists.push(await create('--list-ids', list));
      kinds.expiry.push(await create('--expires-at', expiresAt));
      kinds.addresses.push(await create('--allowed-ips', '127.0.0.0/8,::1'));
    }
    say(`GET /v1/me: ${KEYS} accounts, ${CONNECTIONS} connections, ${DURATION}s per run, ${ROUNDS} rounds`);
    const rates = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [kind, keys] of Object.entries(kinds)) {
        const result = await keyedRun(service.url, { connections: CONNECTIONS, duration: DURATION }, keys, () => ({
          method: 'GET',
          path: '/v1/me',
        }));
        if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
        // Requests over the run's duration: latencies are whole milliseconds, too coarse for a mean under one.
        (rates[kind] ??= []).push(result.requests.total / result.duration);
      }
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.table(
      Object.entries(rates).map(([kind, values]) => ({
        key: kind,
        'req/s per round': values.map(Math.round).join(' '),
        'median req/s': Math.round(median(values)),
        'median / full': Number((median(values) / median(rates.full)).toFixed(2)),
      })),
    );
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
