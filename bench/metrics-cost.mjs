#!/usr/bin/env node
// What the metrics cost the bench's per-request cases (GET /v1/me, a page of items, an add of 1
// and of 20 items): the production build twice, each on an embedded PostgreSQL of its own, one
// without METRICS_PORT and one with it, scraped every BENCH_SCRAPE_S seconds as Prometheus
// would, in turns (the order alternating per round), BENCH_ROUNDS times. For each run it takes
// the rate and the service process's CPU time per request (/proc: user + system), which moves
// far less than the rate when other work shares the machine; prints medians and ratios
// (docs/performance.md, "Metrics cost a request a map lookup").
//
//   BENCH_ROUNDS=7 BENCH_DURATION=8 BENCH_KEYS=20 BENCH_CONNECTIONS=50 node bench/metrics-cost.mjs
import { readFileSync } from 'node:fs';
import { api, keyedRun, middle, provisionKeys, say, startService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KEYS = Number(process.env.BENCH_KEYS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SCRAPE_S = Number(process.env.BENCH_SCRAPE_S ?? 5);

/** User + system CPU seconds of a process so far (/proc/PID/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Each account: a list of 100 items to page, and a list to add to (5 rounds of both adds stay below 10,000 items). */
async function prepare(url, keys) {
  const texts = Array.from({ length: 100 }, (_, i) => `item ${i + 1}`);
  return Promise.all(
    keys.map(async (key) => {
      const small = (await api(url, key, 'POST', '/v1/lists', { name: 'bench small' })).list.id;
      await api(url, key, 'POST', '/v1/actions/add', { list: small, items: texts });
      return { key, small, scratch: (await api(url, key, 'POST', '/v1/lists', { name: 'bench writes' })).list.id };
    }),
  );
}

const CASES = {
  'GET /v1/me': () => ({ method: 'GET', path: '/v1/me' }),
  'GET items, a page of 100': (a) => ({ method: 'GET', path: `/v1/lists/${a.small}/items?limit=100` }),
  'POST add, 1 item': (a) => ({ method: 'POST', path: '/v1/actions/add', body: { list: a.scratch, items: ['x'] } }),
  'POST add, 20 items': (a) => ({
    method: 'POST',
    path: '/v1/actions/add',
    body: { list: a.scratch, items: Array.from({ length: 20 }, (_, k) => `bench item ${k}`) },
  }),
};
/** Per list, ROUNDS runs of each add stay below the 10,000-item limit. */
const AMOUNTS = { 'POST add, 1 item': Math.floor(1_000 / ROUNDS) * KEYS, 'POST add, 20 items': Math.floor(400 / ROUNDS) * KEYS };

async function main() {
  const base = { ...process.env, NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000' };
  delete base.DATABASE_URL;
  delete base.LOG_LEVEL;
  delete base.REDIS_URL;
  delete base.METRICS_PORT;
  const services = [];
  let scraper;
  try {
    const off = await startService(base);
    services.push(off);
    const on = await startService({ ...base, METRICS_PORT: '0' });
    services.push(on);
    const metricsPort = await findMetricsPort(on.pid, on.url);
    let scrapes = 0;
    scraper = setInterval(() => {
      fetch(`http://127.0.0.1:${metricsPort}/metrics`)
        .then((res) => res.text())
        .then(() => (scrapes += 1))
        .catch((error) => say(`scrape failed: ${error.message}`));
    }, SCRAPE_S * 1000);
    say(`off: ${off.url}; on: ${on.url}, metrics on port ${metricsPort}, scraped every ${SCRAPE_S} s`);
    const sides = {};
    for (const [name, service] of [
      ['off', off],
      ['on', on],
    ]) {
      sides[name] = { service, accounts: await prepare(service.url, await provisionKeys(service.env, KEYS, `metrics_${name}`)) };
    }
    say(`${KEYS} accounts each, ${CONNECTIONS} connections, ${DURATION} s per timed run, ${ROUNDS} rounds`);
    const rows = [];
    for (const [title, build] of Object.entries(CASES)) {
      const runs = { off: [], on: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const name of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
          const { service, accounts } = sides[name];
          const keys = accounts.map((a) => a.key);
          const amount = AMOUNTS[title];
          const cpuBefore = cpuSeconds(service.pid);
          const result = await keyedRun(service.url, { connections: CONNECTIONS, duration: DURATION, amount }, keys, (i) =>
            build(accounts[i]),
          );
          const cpu = cpuSeconds(service.pid) - cpuBefore;
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(`${title} (${name}): ${result.non2xx} non-2xx, ${result.errors} errors`);
          const rps = amount ? (CONNECTIONS * 1000) / result.latency.mean : result.requests.total / result.duration;
          const cpuUs = (cpu * 1e6) / result.requests.total;
          runs[name].push({ rps, cpuUs, p99: result.latency.p99 });
          say(
            `${title} round ${round + 1} ${name}: ${Math.round(rps)} req/s, ${cpuUs.toFixed(0)} µs CPU per request, p99 ${result.latency.p99} ms`,
          );
        }
      }
      const med = (name, field) => middle(runs[name].map((r) => r[field]));
      rows.push({
        case: title,
        'off req/s': Math.round(med('off', 'rps')),
        'on req/s': Math.round(med('on', 'rps')),
        'on / off req/s': Number((med('on', 'rps') / med('off', 'rps')).toFixed(3)),
        'off CPU µs/req': Math.round(med('off', 'cpuUs')),
        'on CPU µs/req': Math.round(med('on', 'cpuUs')),
        'on / off CPU': Number((med('on', 'cpuUs') / med('off', 'cpuUs')).toFixed(3)),
      });
    }
    console.table(rows);
    process.stdout.write(
      `${JSON.stringify({ at: new Date().toISOString(), keys: KEYS, connections: CONNECTIONS, rounds: ROUNDS, duration: DURATION, scrapes, rows })}\n`,
    );
  } finally {
    clearInterval(scraper);
    for (const service of services) await service.stop();
  }
}

/** The metrics server's port (METRICS_PORT=0 takes a free one): the port the service listens on besides its API's. */
async function findMetricsPort(pid, apiUrl) {
  const apiPort = Number(new URL(apiUrl).port);
  const inodes = new Map();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A') inodes.set(fields[9], parseInt(fields[1].split(':')[1], 16));
    }
  }
  const { readdirSync, readlinkSync } = await import('node:fs');
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }) ?? '');
    const port = match ? inodes.get(match[1]) : undefined;
    if (port !== undefined && port !== apiPort) return port;
  }
  throw new Error('the service with METRICS_PORT=0 listens on no second port');
}

main().catch((error) => {
  say(`metrics-cost bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
