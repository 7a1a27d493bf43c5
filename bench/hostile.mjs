#!/usr/bin/env node
// npm run bench:hostile — what hostile anonymous bodies cost a legitimate caller. Starts the
// built service on a temporary embedded PostgreSQL (or targets BENCH_URL with BENCH_KEY, a key
// of that service), measures GET /v1/lists alone, then again while HOSTILE_CLIENTS anonymous
// clients keep posting 250 KiB bodies (nested arrays, then 24,000 unknown fields) to
// POST /developers/api/login, and prints the latency of both and what the hostile requests cost.
//
//   BENCH_DURATION=10 HOSTILE_CLIENTS=100 npm run bench:hostile
import autocannon from 'autocannon';
import { cli, say, startService } from './service.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const HOSTILE_CLIENTS = Number(process.env.HOSTILE_CLIENTS ?? 100);

const KIB = 1024;
const nested = (() => {
  const levels = Math.floor((250 * KIB - 40) / 2);
  return `{"login":${'['.repeat(levels)}${']'.repeat(levels)},"password":"x"}`;
})();
const wide = (() => {
  const fields = [];
  for (let i = 0, size = 2; size < 250 * KIB - 20; i += 1) {
    const field = `"f${i}":1`;
    fields.push(field);
    size += field.length + 1;
  }
  return `{${fields.join(',')}}`;
})();

/** The service on its own embedded PostgreSQL, the rate limits out of the way, and one account with a key. */
async function startBenchService() {
  const env = {
    ...process.env,
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_UNAUTHENTICATED_MAX: '1000000',
    RATE_LIMIT_PORTAL_MAX: '1000000',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const service = await startService(env);
  await cli(service.env, [
    'create-user',
    '--email',
    'hostile-bench@example.test',
    '--username',
    'hostile_bench',
    '--name',
    'Bench',
    '--json',
  ]);
  const { stdout } = await cli(service.env, ['create-key', '--login', 'hostile_bench', '--label', 'bench', '--json']);
  return { ...service, key: JSON.parse(stdout).key };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const legitimate = (url, key) => cannon({ url: `${url}/v1/lists`, connections: 4, headers: { 'x-api-key': key } });

const hostile = (url, body) =>
  cannon({
    url: `${url}/developers/api/login`,
    connections: HOSTILE_CLIENTS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

const row = (title, r) =>
  `| ${title} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} non-2xx of ${r.requests.total} |`;

async function main() {
  const service = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, key: process.env.BENCH_KEY, stop: async () => {} }
    : await startBenchService();
  try {
    say(`hostile bodies: ${nested.length} and ${wide.length} bytes; ${HOSTILE_CLIENTS} anonymous clients; ${DURATION} s per case`);
    const lines = ['| Case | req/s | p50 ms | p99 ms | max ms | answers |', '|---|---|---|---|---|---|'];
    lines.push(row('`GET /v1/lists` alone', await legitimate(service.url, service.key)));
    for (const [name, body] of [
      ['nested arrays', nested],
      ['24,000 unknown fields', wide],
    ]) {
      const [legit, attack] = await Promise.all([legitimate(service.url, service.key), hostile(service.url, body)]);
      lines.push(row(`\`GET /v1/lists\` during ${name}`, legit));
      lines.push(row(`hostile login, ${name}`, attack));
      const statuses = Object.entries(attack.statusCodeStats ?? {})
        .map(([code, { count }]) => `${code}×${count}`)
        .join(' ');
      say(`${name}: hostile answers ${statuses}; legitimate non-2xx ${legit.non2xx}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(error.stack ?? String(error));
  process.exit(1);
});
