#!/usr/bin/env node
// npm run bench:mcp — what a tool call of the MCP server (/mcp, API.md section 11) costs next to
// the HTTP route it stands for: add_items of one item against POST /v1/actions/add, get_items
// of a list of 100 against GET /v1/lists/:id/items, whoami against GET /v1/me. Each case runs
// the route and the tool in turns, BENCH_ROUNDS times, on the production build; the medians
// make each case's cost ratio (route req/s / tool req/s), which docs/performance.md bounds at
// 1.5 (the run exits 2 past it). whoami's route is the cheapest keyed request there is (no body,
// answered from caches), so its ratio is the whole fixed cost of a tool call: a POST body and
// the JSON-RPC message around the same service call.
//
//   BENCH_DURATION=5 BENCH_CONNECTIONS=20 BENCH_KEYS=20 BENCH_ROUNDS=3 npm run bench:mcp
//   BENCH_CASES=whoami npm run bench:mcp        (only the cases whose title holds one of these words)
import { api, middle, provisionKeys, rateRun, say, startBenchService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BOUND = 1.5;

/** A tools/call as an MCP client sends it: stateless, so no initialize is needed first. */
const toolCall = (name, args) => ({
  method: 'POST',
  path: '/mcp',
  headers: { accept: 'application/json, text/event-stream' },
  body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
});

/** One tools/call through fetch: its result, or an error when it is a JSON-RPC error or a tool error. */
async function callTool(url, key, name, args) {
  const { method, path, headers, body } = toolCall(name, args);
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200 || json.error || json.result.isError) throw new Error(`${name} → ${res.status}: ${JSON.stringify(json)}`);
  return json.result;
}

const run = (url, keys, build, options = {}) =>
  rateRun(url, { connections: CONNECTIONS, duration: DURATION, amount: options.amount }, keys, build);

/** Each account: a list of 100 items, and a list to add to per door (so neither reaches the 10,000-item limit). */
async function prepare(url, keys) {
  const texts = (n) => Array.from({ length: n }, (_, i) => `item ${i + 1}`);
  const accounts = [];
  for (const key of keys) {
    const list = async (name) => (await api(url, key, 'POST', '/v1/lists', { name })).list.id;
    const small = await list('bench small');
    await api(url, key, 'POST', '/v1/actions/add', { list: small, items: texts(100) });
    const scratch = { http: await list('bench writes, route'), mcp: await list('bench writes, tool') };
    accounts.push({ key, small, scratch });
  }
  // Every tool answers as the bench expects before it is measured (a tool error is a 200 too).
  const [first] = accounts;
  await callTool(url, first.key, 'whoami', {});
  if ((await callTool(url, first.key, 'get_items', { list: first.small, limit: 100 })).structuredContent.items.length !== 100) {
    throw new Error('get_items did not answer the 100 items');
  }
  await callTool(url, first.key, 'add_items', { list: first.scratch.mcp, items: ['check'] });
  return accounts;
}

async function main() {
  const service = await startBenchService();
  try {
    say(`benchmarking ${service.url}: ${KEYS} accounts, route against tool, ${CONNECTIONS} connections, ${DURATION}s per case`);
    const accounts = await prepare(service.url, await provisionKeys(service.env, KEYS, 'mcp'));
    const cases = {
      'add 1 item': {
        http: (i) => ({ method: 'POST', path: '/v1/actions/add', body: { list: accounts[i].scratch.http, items: ['x'] } }),
        mcp: (i) => toolCall('add_items', { list: accounts[i].scratch.mcp, items: ['x'] }),
        amount: 200 * KEYS,
      },
      'get items, list of 100': {
        http: (i) => ({ method: 'GET', path: `/v1/lists/${accounts[i].small}/items?limit=100` }),
        mcp: (i) => toolCall('get_items', { list: accounts[i].small, limit: 100 }),
      },
      'whoami / GET /v1/me': {
        http: () => ({ method: 'GET', path: '/v1/me' }),
        mcp: () => toolCall('whoami', {}),
      },
    };
    const keys = accounts.map((account) => account.key);
    const rows = [];
    const only = process.env.BENCH_CASES?.split(',');
    for (const [title, { http, mcp, amount }] of Object.entries(cases)) {
      if (only && !only.some((word) => title.includes(word))) continue;
      const runs = { http: [], mcp: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const door of round % 2 === 0 ? ['http', 'mcp'] : ['mcp', 'http']) {
          runs[door].push(await run(service.url, keys, door === 'http' ? http : mcp, { amount }));
        }
      }
      const [route, tool] = [runs.http, runs.mcp].map((r) => ({ rps: middle(r.map((x) => x.rps)), p99: middle(r.map((x) => x.p99)) }));
      rows.push({
        case: title,
        'route req/s': Math.round(route.rps),
        'tool req/s': Math.round(tool.rps),
        'cost tool / route': Number((route.rps / tool.rps).toFixed(3)),
        'route p99 ms': route.p99,
        'tool p99 ms': tool.p99,
      });
    }
    console.table(rows);
    process.stdout.write(
      `${JSON.stringify({ at: new Date().toISOString(), keys: KEYS, connections: CONNECTIONS, rounds: ROUNDS, rows })}\n`,
    );
    const over = rows.filter((row) => row['cost tool / route'] > BOUND);
    if (over.length > 0) {
      say(`over the bound of ${BOUND}: ${over.map((row) => row.case).join(', ')}`);
      process.exitCode = 2;
    }
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
