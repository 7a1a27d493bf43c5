#!/usr/bin/env node
// npm run bench:sandbox-reset — POST /v1/sandbox/reset on a large sandbox (API.md section 10):
// one account's test key builds, through the service's own routes, BENCH_LISTS lists of
// BENCH_ITEMS items each (adds of 100, so every item has its item.added event as in real use),
// a second account joins some of them and shares some of its own with the first, and the
// first adds webhooks; then the reset is timed, once, over HTTP. The answer must be 200 with the
// right counts, so no statement of the reset met the statement timeout (DB_STATEMENT_TIMEOUT_MS,
// 4 s unless the environment says otherwise; the service runs with the environment's value).
// Afterwards the account's sandbox must be empty and the second account's lists whole.
// BENCH_RESET_STATEMENT_TIMEOUT_MS runs the reset on a second service, started on the same
// database with that statement timeout (the build, many adds at once, keeps the default): how
// much room each statement of the reset leaves.
//
//   BENCH_LISTS=500 BENCH_ITEMS=1000 BENCH_PARALLEL=8 npm run bench:sandbox-reset
//   BENCH_RESET_STATEMENT_TIMEOUT_MS=250 npm run bench:sandbox-reset
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, cli, root, say, startService } from './service.mjs';

const require = createRequire(import.meta.url);
const RESET_TIMEOUT = process.env.BENCH_RESET_STATEMENT_TIMEOUT_MS;

const LISTS = Number(process.env.BENCH_LISTS ?? 500);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
/** Lists of the first account that the second joins, and lists of the second that the first joins. */
const SHARED = Math.min(50, LISTS);
const JOINED = 20;
const WEBHOOKS = 3;

/** Runs `work(i)` for i in [0, n), at most PARALLEL at a time. */
async function pool(n, work) {
  let next = 0;
  const worker = async () => {
    while (next < n) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, n) }, worker));
}

async function testAccount(env, tag) {
  const username = `${tag}_${Date.now().toString(36)}`;
  await cli(env, ['create-user', '--email', `${username}@example.test`, '--username', username, '--name', tag, '--json']);
  const { stdout } = await cli(env, ['create-key', '--login', username, '--label', `${tag} test`, '--mode', 'test', '--json']);
  return JSON.parse(stdout).key;
}

async function joinList(url, ownerKey, listId, memberKey) {
  const { share } = await api(url, ownerKey, 'POST', `/v1/lists/${listId}/shares`, { role: 'editor' });
  await api(url, memberKey, 'POST', `/v1/shares/${share.token}/join`);
}

async function main() {
  // A database of the bench's own, so that a second service can take over the built sandbox.
  const dataDir = await mkdtemp(join(tmpdir(), 'todo-bench-reset-'));
  const { startEmbeddedPostgres } = require(join(root, 'dist', 'database', 'embedded-postgres.js'));
  const database = await startEmbeddedPostgres(dataDir, require('pino')({ level: 'warn' }));
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  };
  let service = await startService(env);
  try {
    say(`sandbox of ${LISTS} lists × ${ITEMS} items, built on ${service.url}`);
    const { url } = service;
    const [me, friend] = [await testAccount(service.env, 'reset_me'), await testAccount(service.env, 'reset_friend')];
    const built = process.hrtime.bigint();
    const lists = new Array(LISTS);
    await pool(LISTS, async (i) => {
      lists[i] = (await api(url, me, 'POST', '/v1/lists', { name: `bench list ${i}` })).list.id;
    });
    const adds = Math.ceil(ITEMS / 100);
    await pool(LISTS * adds, async (n) => {
      const [list, add] = [lists[Math.floor(n / adds)], n % adds];
      const count = Math.min(100, ITEMS - add * 100);
      await api(url, me, 'POST', '/v1/actions/add', { list, items: Array.from({ length: count }, (_, k) => `item ${add * 100 + k}`) });
    });
    for (let i = 0; i < SHARED; i += 1) await joinList(url, me, lists[i], friend);
    const theirs = [];
    for (let i = 0; i < JOINED; i += 1) {
      const { list } = await api(url, friend, 'POST', '/v1/lists', { name: `their list ${i}` });
      await joinList(url, friend, list.id, me);
      theirs.push(list.id);
    }
    for (let i = 0; i < WEBHOOKS; i += 1) await api(url, me, 'POST', '/v1/webhooks', { url: `http://127.0.0.1:9/hook-${i}` });
    say(`built in ${(Number(process.hrtime.bigint() - built) / 1e9).toFixed(1)} s`);

    if (RESET_TIMEOUT) {
      await service.stop();
      const tight = {
        DB_STATEMENT_TIMEOUT_MS: RESET_TIMEOUT,
        DB_LOCK_TIMEOUT_MS: RESET_TIMEOUT,
        DB_QUERY_TIMEOUT_MS: String(2 * Number(RESET_TIMEOUT)),
      };
      service = await startService({ ...env, ...tight });
    }
    const statementTimeout = RESET_TIMEOUT ?? process.env.DB_STATEMENT_TIMEOUT_MS ?? '4000';
    await resetAndCheck(service.url, me, friend, statementTimeout);
  } finally {
    await service.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function resetAndCheck(url, me, friend, statementTimeout) {
  {
    const started = process.hrtime.bigint();
    const res = await fetch(`${url}/v1/sandbox/reset`, { method: 'POST', headers: { 'X-API-Key': me } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const body = await res.json();
    const expected = { lists: LISTS, memberships: JOINED, webhooks: WEBHOOKS };
    const ok = res.status === 200 && JSON.stringify(body.data?.deleted) === JSON.stringify(expected);
    const left = (await api(url, me, 'GET', '/v1/lists')).lists.length;
    const theirsLeft = (await api(url, friend, 'GET', '/v1/lists?limit=500')).lists.length;
    console.log(
      JSON.stringify({
        lists: LISTS,
        items_per_list: ITEMS,
        items: LISTS * ITEMS,
        statement_timeout_ms: Number(statementTimeout),
        status: res.status,
        deleted: body.data?.deleted ?? null,
        error: body.error,
        reset_ms: Math.round(ms),
        lists_left: left,
        friend_lists_left: theirsLeft,
      }),
    );
    if (!ok || left !== 0 || theirsLeft !== JOINED) {
      throw new Error(`the reset did not answer 200 with ${JSON.stringify(expected)}, or left lists behind (see above)`);
    }
    say(
      `reset: ${ms.toFixed(0)} ms for ${LISTS * ITEMS} items, 200 with the right counts (no statement met the ${statementTimeout} ms timeout)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
