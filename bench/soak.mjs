#!/usr/bin/env node
// npm run soak — the mixed workload at a fixed request rate for SOAK_MINUTES (30), against the
// production build on its own embedded PostgreSQL, printing each minute the service process's
// memory (RSS, the lowest V8 heap used of the minute), its open file descriptors and the minute's p99 and errors; at the
// end, whether memory, descriptors and p99 stayed flat (grew no more than SOAK_TOLERANCE, 10 %) after the
// first SOAK_WARMUP_MINUTES (5). Not part of CI: it takes the machine for half an hour.
//
//   SOAK_MINUTES=30 SOAK_RATE=100 SOAK_CONNECTIONS=10 SOAK_KEYS=10 npm run soak
//
// The workload is a cycle of 20 requests per key: 6 × GET /v1/me, 6 × a page of a 100-item
// list, 3 × add 1 item, 1 × add 20 items, 2 × complete, 1 × reopen and 1 × remove of as many
// items as the cycle added, so the lists keep their size however long it runs. Exit status 1
// when a figure did not stay flat or a request failed.
import autocannon from 'autocannon';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, keyedRequest, provisionKeys, root, say, startService } from './service.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const KEYS = Number(process.env.SOAK_KEYS ?? 10);
const TOLERANCE = Number(process.env.SOAK_TOLERANCE ?? 0.1);
// At least two minutes after the warm-up are needed to compare a start with an end.
const WARMUP = Math.max(0, Math.min(Number(process.env.SOAK_WARMUP_MINUTES ?? 5), MINUTES - 2));
const MINUTE_MS = 60_000;

const CYCLE = [
  'me',
  'page',
  'add1',
  'me',
  'page',
  'complete',
  'me',
  'page',
  'add1',
  'add20',
  'me',
  'page',
  'reopen',
  'me',
  'page',
  'add1',
  'complete',
  'me',
  'page',
  'remove',
];

/**
 * Request `kind` of key `i`'s cycle number `c`, against its lists. The items a cycle adds carry
 * its number in their text; the next cycle completes two of them, the one after reopens one, and
 * the third removes all 23. So a write never depends on one made less than a cycle earlier (a
 * second or more), which concurrent connections could still be finishing; the first cycles,
 * which have nothing to act on yet, read `/v1/me` instead.
 */
function requestOf(kind, data, i, c) {
  const action = (name, items) => ({ method: 'POST', path: `/v1/actions/${name}`, body: { list: data.scratch[i], items } });
  const one = (cycle) => `soak one ${cycle}`;
  const twenty = (cycle) => `soak twenty ${cycle}`;
  const me = { method: 'GET', path: '/v1/me' };
  switch (kind) {
    case 'me':
      return me;
    case 'page':
      return { method: 'GET', path: `/v1/lists/${data.page[i]}/items?limit=100` };
    case 'add1':
      return action('add', [one(c)]);
    case 'add20':
      return action(
        'add',
        Array.from({ length: 20 }, () => twenty(c)),
      );
    case 'complete':
      return c < 1 ? me : action('complete', [one(c - 1)]);
    case 'reopen':
      return c < 2 ? me : action('reopen', [one(c - 2)]);
    case 'remove':
      return c < 3
        ? me
        : action('remove', [...Array.from({ length: 3 }, () => one(c - 3)), ...Array.from({ length: 20 }, () => twenty(c - 3))]);
    default:
      throw new Error(`unknown request kind ${kind}`);
  }
}

async function prepareData(url, keys) {
  const page = [];
  const scratch = [];
  for (const key of keys) {
    const list = (await api(url, key, 'POST', '/v1/lists', { name: 'soak page' })).list;
    await api(url, key, 'POST', '/v1/actions/add', { list: list.id, items: Array.from({ length: 100 }, (_, n) => `item ${n + 1}`) });
    page.push(list.id);
    scratch.push((await api(url, key, 'POST', '/v1/lists', { name: 'soak writes' })).list.id);
  }
  return { page, scratch };
}

/** The service process's figures now: RSS and open descriptors from /proc. */
async function sampleProcess(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/^VmRSS:\s+(\d+)/m.exec(status)[1]);
  const fds = (await readdir(`/proc/${pid}/fd`)).length;
  return { rssMiB: rssKiB / 1024, fds };
}

const HEAP_SAMPLE_MS = 2_000;

/**
 * Waits a minute, reading the probe's heap figure every two seconds, and answers the lowest:
 * heap used at one instant is wherever the collector's sawtooth happens to be, while the
 * lowest of a minute is what survived collection, the figure that grows when something leaks.
 */
async function heapFloorOverMinute(probeFile) {
  let floor = Infinity;
  for (let waited = 0; waited < MINUTE_MS; waited += HEAP_SAMPLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
    const probe = JSON.parse(await readFile(probeFile, 'utf8'));
    floor = Math.min(floor, probe.heapUsed / 2 ** 20);
  }
  return floor;
}

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const median = (values) => percentile(values, 50);

/**
 * Flat: the median of the last third of the minutes after the warm-up has not grown beyond the
 * tolerance over the median of their first third (medians, so one noisy minute does not decide).
 * A figure that falls is not accumulating anything, so only growth fails.
 */
function verdict(minutes, field) {
  const after = minutes.slice(WARMUP).map((m) => m[field]);
  const third = Math.max(1, Math.floor(after.length / 3));
  const start = median(after.slice(0, third));
  const end = median(after.slice(-third));
  const change = start === 0 ? (end === 0 ? 0 : 1) : (end - start) / start;
  return { field, start, end, change, flat: change <= TOLERANCE };
}

async function main() {
  const probeDir = await mkdtemp(join(tmpdir(), 'todo-soak-'));
  const probeFile = join(probeDir, 'memory.json');
  const env = { ...process.env, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn', SOAK_PROBE_FILE: probeFile };
  delete env.DATABASE_URL;
  const service = await startService(env, root, ['--import', join(root, 'bench', 'soak-probe.mjs')]);
  try {
    say(
      `soak: ${MINUTES} min at ${RATE} req/s, ${CONNECTIONS} connections, ${KEYS} keys, warm-up ${WARMUP} min, service pid ${service.pid}`,
    );
    const keys = await provisionKeys(service.env, KEYS, 'soak');
    const data = await prepareData(service.url, keys);

    let n = 0;
    let latencies = [];
    let requests = 0;
    let errors = 0;
    /** The minute's failures by status ("error": no answer), to tell a 404 from a 503 or a reset. */
    let failures = {};
    const fail = (why) => {
      errors += 1;
      failures[why] = (failures[why] ?? 0) + 1;
    };
    const minutes = [];
    const instance = autocannon(
      {
        url: service.url,
        connections: CONNECTIONS,
        overallRate: RATE,
        // Stopped after the last minute's sample; the duration is only a backstop.
        duration: MINUTES * 60 + 60,
        requests: [
          {
            setupRequest: (request) => {
              const i = n % keys.length;
              const step = Math.floor(n / keys.length);
              n += 1;
              return keyedRequest(request, keys[i], requestOf(CYCLE[step % CYCLE.length], data, i, Math.floor(step / CYCLE.length)));
            },
          },
        ],
      },
      () => undefined,
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      requests += 1;
      latencies.push(responseTime);
      if (statusCode !== 200) fail(String(statusCode));
    });
    instance.on('reqError', (error) => {
      requests += 1;
      fail(error.code ?? 'error');
    });
    const finished = new Promise((resolve) => instance.on('done', resolve));

    say('minute   rss MiB  heap MiB (lowest)  fds  requests  p99 ms  errors');
    for (let minute = 1; minute <= MINUTES; minute += 1) {
      const heapMiB = await heapFloorOverMinute(probeFile);
      const figures = { ...(await sampleProcess(service.pid)), heapMiB };
      const row = { minute, ...figures, requests, p99Ms: percentile(latencies, 99), errors, failures };
      minutes.push(row);
      latencies = [];
      requests = 0;
      errors = 0;
      failures = {};
      say(
        `${String(minute).padStart(6)} ${row.rssMiB.toFixed(1).padStart(9)} ${row.heapMiB.toFixed(1).padStart(9)} ` +
          `${String(row.fds).padStart(4)} ${String(row.requests).padStart(9)} ${row.p99Ms.toFixed(1).padStart(7)} ${String(row.errors).padStart(7)}` +
          (row.errors
            ? `  (${Object.entries(row.failures)
                .map(([why, count]) => `${why} × ${count}`)
                .join(', ')})`
            : ''),
      );
    }
    instance.stop();
    await finished;

    const verdicts = ['rssMiB', 'heapMiB', 'fds', 'p99Ms'].map((field) => verdict(minutes, field));
    const failed = minutes.reduce((sum, m) => sum + m.errors, 0);
    for (const v of verdicts) {
      say(
        `${v.field.padEnd(7)} ${v.start.toFixed(1)} → ${v.end.toFixed(1)} (${(v.change * 100).toFixed(1)} %): ` +
          `${v.flat ? 'flat' : `NOT flat (beyond ${TOLERANCE * 100} %)`}`,
      );
    }
    const flat = verdicts.every((v) => v.flat) && failed === 0;
    say(`${flat ? 'FLAT' : 'NOT FLAT'} after a ${WARMUP}-minute warm-up; ${failed} failed request(s)`);
    process.stdout.write(
      `${JSON.stringify({ at: new Date().toISOString(), minutes: MINUTES, rate: RATE, connections: CONNECTIONS, keys: KEYS, warmup: WARMUP, rows: minutes, verdicts, flat })}\n`,
    );
    process.exitCode = flat ? 0 : 1;
  } finally {
    await service.stop();
    await rm(probeDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  say(`soak failed: ${error.stack ?? error}`);
  process.exit(1);
});
