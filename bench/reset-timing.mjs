#!/usr/bin/env node
// npm run bench:reset-timing — whether POST /developers/api/password-reset answers in the same
// time for an email that has an account and for one that has none (API.md, accounts): requests
// for both kinds in alternation, one at a time, each email asked once and each from an address
// of its own (127.0.0.0/8), so that no throttle decides; prints each kind's latency quantiles
// and the difference of the medians.
//
//   BENCH_RESETS=200 npm run bench:reset-timing
import { request } from 'node:http';
import { say, startService } from './service.mjs';

const RESETS = Number(process.env.BENCH_RESETS ?? 200);

/** One portal POST from `localAddress`; resolves to the status and the milliseconds it took. */
function post(url, path, body, localAddress) {
  const payload = JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/developers/api/${path}`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const address = (i) => `127.${1 + Math.floor(i / 65_025)}.${Math.floor(i / 255) % 255}.${1 + (i % 254)}`;
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

async function main() {
  const env = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const service = await startService(env);
  try {
    const stamp = Date.now().toString(36);
    say(`signing up ${RESETS} accounts…`);
    for (let i = 0; i < RESETS; i += 1) {
      const res = await post(
        service.url,
        'signup',
        { email: `known_${stamp}_${i}@example.test`, username: `k_${stamp}_${i}`, name: 'Known', password: 'a long enough password' },
        address(i),
      );
      if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
    }
    const times = { account: [], 'no account': [] };
    for (let i = 0; i < RESETS; i += 1) {
      // In turns, the order swapped each time, so drift favours neither kind.
      const order = i % 2 === 0 ? ['account', 'no account'] : ['no account', 'account'];
      for (const [n, kind] of order.entries()) {
        const email = kind === 'account' ? `known_${stamp}_${i}@example.test` : `unknown_${stamp}_${i}@example.test`;
        const res = await post(service.url, 'password-reset', { email }, address(RESETS + 2 * i + n));
        if (res.status !== 200) throw new Error(`password-reset answered ${res.status}`);
        times[kind].push(res.ms);
      }
    }
    const rows = Object.entries(times).map(([kind, ms]) => ({
      email: kind,
      requests: ms.length,
      'p50 ms': Number(quantile(ms, 0.5).toFixed(2)),
      'p90 ms': Number(quantile(ms, 0.9).toFixed(2)),
      'p99 ms': Number(quantile(ms, 0.99).toFixed(2)),
    }));
    console.table(rows);
    say(`median difference (account - no account): ${(rows[0]['p50 ms'] - rows[1]['p50 ms']).toFixed(2)} ms`);
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  say(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
