#!/usr/bin/env node
// npm run bench:views — the views of items (API.md section 13, "Views") on an account that sees
// 500 lists (400 its own, 100 shared with it) holding 1,000,000 items, beside 100,000 items of
// lists it cannot see. Seeded with generate_series straight into the service's own database
// (after the service has migrated it), with dates, labels, assignees, priorities and notes spread
// as a busy team's lists would have them. Then, for each query, the service over HTTP and the
// same statement the service sends, run directly through pg (the floor: no HTTP, no Nest, no
// rendering of the envelope), each for BENCH_DURATION seconds with BENCH_CONNECTIONS requests in
// flight: p50, p99 and requests per second.
//
//   BENCH_DURATION=10 BENCH_CONNECTIONS=4 npm run bench:views
//   BENCH_ITEMS=100000 npm run bench:views        (a smaller seed, for a quick look)
//   BENCH_EXPLAIN=1 npm run bench:views           (prints each statement's EXPLAIN (ANALYZE, BUFFERS) first)
//   BENCH_DATABASE_URL=postgres://…/views npm run bench:views
//       (an existing database instead of an embedded one: seeded on the first run, reused after)
//
// Queries:
//   due-me   GET /v1/items?status=open&due_from=<today>&due_to=<today+7>&assignee=me&sort=due
//   q-word   GET /v1/items?q=<a word in about 0.3% of the items>
//   label    GET /v1/lists/<a list>/items?label=<a label>
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root, say, startService } from './service.mjs';

const require = createRequire(import.meta.url);
const { Pool } = require('pg');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const OWN_LISTS = 400;
const SHARED_LISTS = 100;
const LISTS = OWN_LISTS + SHARED_LISTS;
const HIDDEN_LISTS = 50;
const HIDDEN_ITEMS = Math.round(ITEMS / 10);

const dist = (path) => require(join(root, 'dist', path));

/** A user and a live key, made with the operator command; answers {id, key}. */
async function account(env, tag, existing) {
  const username = existing ?? `${tag}_${Date.now().toString(36)}`;
  if (!existing) await cli(env, ['create-user', '--email', `${username}@example.test`, '--username', username, '--name', tag, '--json']);
  const { stdout } = await cli(env, ['create-key', '--login', username, '--label', tag, '--json']);
  const created = JSON.parse(stdout);
  return { id: created.user_id, key: created.key, username };
}

/**
 * The seed, in SQL. Words are three syllables of 16 (4,096 words), so a word is in about 0.3% of
 * the items; labels come from 12, 0-3 an item; 40% of items have a due within a year around
 * today (half of them at a time in Europe/Berlin), 40% are assigned (to the account, its friend
 * or a third member), 55% completed. Texts and notes are lower-case ASCII: each is its own
 * foldKey (text_key, notes_key).
 */
async function seed(pool, { me, friend, stranger }) {
  const t0 = Date.now();
  await pool.query(
    `
    INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at)
    SELECT gen_random_uuid(), CASE WHEN g <= ${OWN_LISTS} THEN $1::uuid WHEN g <= ${LISTS} THEN $2::uuid ELSE $3::uuid END,
           'bench list ' || g, 'bench list ' || g, now(), now()
      FROM generate_series(1, ${LISTS + HIDDEN_LISTS}) g`,
    [me, friend, stranger],
  );
  // The friend's lists have the account as an editor; the account's first 100 have the friend.
  await pool.query(
    `INSERT INTO list_members (list_id, user_id, role, joined_at)
     SELECT id, $1::uuid, 'editor', now() FROM lists WHERE owner_id = $2::uuid
     UNION ALL
     SELECT id, $2::uuid, 'editor', now() FROM (SELECT id FROM lists WHERE owner_id = $1::uuid ORDER BY name LIMIT 100) l`,
    [me, friend],
  );
  const syllables = `(ARRAY['ka','lo','mi','ne','ru','sa','to','vi','be','do','fu','ga','hi','jo','pe','zu'])`;
  const labels = `(ARRAY['Work','Home','Errands','Urgent','Waiting','Someday','Calls','Email','Finance','Health','Garden','Travel'])`;
  const insert = (count, listsSql, assigneesSql) => `
    WITH lists AS (SELECT array_agg(id ORDER BY name) AS ids FROM lists WHERE ${listsSql}),
    raw AS (
      SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7,
             (SELECT ids FROM lists) AS ids
        FROM generate_series(1, ${count}) g
    ),
    shaped AS (
      SELECT g, ids[1 + g % cardinality(ids)] AS list_id,
             (SELECT string_agg(${syllables}[1 + (w / 256) % 16] || ${syllables}[1 + (w / 16) % 16] || ${syllables}[1 + w % 16], ' ')
                FROM (SELECT floor(random() * 4096 + g * 0)::int AS w FROM generate_series(1, 3 + (g % 4))) s) AS text,
             CASE WHEN r1 < 0.3 THEN
               (SELECT string_agg(${syllables}[1 + (w / 256) % 16] || ${syllables}[1 + (w / 16) % 16] || ${syllables}[1 + w % 16], ' ')
                  FROM (SELECT floor(random() * 4096 + g * 0)::int AS w FROM generate_series(1, 8 + (g % 9))) s)
             ELSE '' END AS notes,
             r2 < 0.55 AS completed,
             CASE WHEN r3 < 0.4 THEN current_date - 180 + floor(r4 * 365)::int END AS due_date,
             CASE WHEN r3 < 0.2 THEN lpad((8 + floor(r5 * 10))::int::text, 2, '0') || ':' || CASE WHEN r5 < 0.5 THEN '00' ELSE '30' END END AS due_time,
             CASE WHEN r6 < 0.15 THEN 3 WHEN r6 < 0.35 THEN 2 WHEN r6 < 0.55 THEN 1 ELSE 0 END AS priority,
             (SELECT coalesce(array_agg(${labels}[1 + (g * 7 + k * 5) % 12]), '{}') FROM generate_series(1, (g % 7) / 2) k) AS labels,
             ${assigneesSql} AS assignee_id,
             now() - (${count} - g) * interval '1 second' AS created_at
        FROM raw
    )
    INSERT INTO items (id, list_id, text, text_key, completed, created_at, created_by, completed_at, completed_by,
                       notes, notes_key, due_date, due_time, due_time_zone, due_at, priority, labels, label_keys, assignee_id,
                       position, updated_at, version)
    SELECT gen_random_uuid(), list_id, text, text, completed, created_at, $1::uuid,
           CASE WHEN completed THEN created_at END, CASE WHEN completed THEN $1::uuid END,
           notes, notes, due_date, CASE WHEN due_date IS NOT NULL THEN due_time END,
           CASE WHEN due_date IS NOT NULL AND due_time IS NOT NULL THEN 'Europe/Berlin' END,
           CASE WHEN due_date IS NOT NULL AND due_time IS NOT NULL THEN (due_date + due_time::time) AT TIME ZONE 'Europe/Berlin' END,
           priority, labels, (SELECT coalesce(array_agg(lower(l)), '{}') FROM unnest(labels) l), assignee_id,
           lpad(to_hex(g), 16, '0') || 'V', created_at, 1
      FROM shaped`;
  // The items' indexes are dropped for the seed and made again after it, from their own
  // definitions: one build of each is far faster than a million inserts into each.
  const { rows: indexes } = await pool.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = 'items'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await pool.query(`DROP INDEX ${indexname}`);
  // Assignees: the account 30%, its friend 10%, nobody 60% (on the stranger's lists: the stranger or nobody).
  await pool.query(insert(ITEMS, `owner_id IN ($1::uuid, $2::uuid)`, `CASE WHEN r7 < 0.3 THEN $1::uuid WHEN r7 < 0.4 THEN $2::uuid END`), [
    me,
    friend,
  ]);
  say(`seeded ${ITEMS} items in ${LISTS} lists in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await pool.query(insert(HIDDEN_ITEMS, `owner_id = $2::uuid`, `CASE WHEN r7 < 0.3 THEN $2::uuid END`), [stranger, stranger]);
  for (const { indexname, indexdef } of indexes) {
    const t = Date.now();
    await pool.query(indexdef);
    say(`index ${indexname} made in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  await pool.query(`
    UPDATE lists l SET item_count = c.n, open_item_count = c.open
      FROM (SELECT list_id, count(*) AS n, count(*) FILTER (WHERE NOT completed) AS open FROM items GROUP BY list_id) c
     WHERE c.list_id = l.id`);
  await pool.query('VACUUM ANALYZE items');
  await pool.query('ANALYZE lists');
  await pool.query('ANALYZE list_members');
  say(`seed done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** p50, p99 and requests per second of `work` run by CONNECTIONS loops for DURATION seconds. */
async function measure(work) {
  const latencies = [];
  const end = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await work();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds, n: latencies.length };
}

/** One GET over a keep-alive connection; rejects unless `expected` answers. */
function get(agent, url, path, key) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { agent, headers: { 'x-api-key': key } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${path} → ${res.statusCode}: ${Buffer.concat(chunks)}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'todo-bench-views-'));
  const { startEmbeddedPostgres } = dist('database/embedded-postgres.js');
  const database = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined }
    : await startEmbeddedPostgres(dataDir, require('pino')({ level: 'warn' }));
  const env = { ...process.env, DATABASE_URL: database.url, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' };
  const pool = new Pool({ connectionString: database.url, max: CONNECTIONS + 1 });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let service;
  try {
    say(`embedded PostgreSQL at ${database.url}; starting the service`);
    service = await startService(env);
    say(`service at ${service.url}; seeding`);
    // A database this bench seeded before is used as it is.
    const seeded = (await pool.query(`SELECT username FROM users WHERE username LIKE 'views\\_me\\_%' ORDER BY username LIMIT 1`)).rows[0];
    const me = await account(service.env, 'views_me', seeded?.username);
    if (!seeded) {
      const friend = await account(service.env, 'views_friend');
      const stranger = await account(service.env, 'views_stranger');
      await seed(pool, { me: me.id, friend: friend.id, stranger: stranger.id });
    }

    const today = new Date().toISOString().slice(0, 10);
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const [{ word }] = (
      await pool.query(
        `SELECT split_part(text, ' ', 1) AS word FROM items WHERE list_id IN (SELECT id FROM lists WHERE owner_id = $1) LIMIT 1`,
        [me.id],
      )
    ).rows;
    const [{ id: listId }] = (await pool.query(`SELECT id FROM lists WHERE owner_id = $1 ORDER BY name LIMIT 1 OFFSET 7`, [me.id])).rows;

    const { readView } = dist('modules/items/application/item-view-query.js');
    const { foundStatement, pageStatement } = dist('modules/items/infrastructure/typeorm/typeorm-item-page.read-model.js');
    const viewer = { userId: me.id, listIds: null };
    const found = (parameters) => {
      const read = readView(parameters, me.id, 'due');
      return foundStatement(viewer, { view: read.view, limit: 100, listIds: read.listIds });
    };
    const cases = [
      {
        name: 'due-me',
        path: `/v1/items?status=open&due_from=${today}&due_to=${week}&assignee=me&sort=due`,
        statement: found({ status: 'open', due_from: today, due_to: week, assignee: 'me', sort: 'due' }),
      },
      { name: 'q-word', path: `/v1/items?q=${word}`, statement: found({ q: word }) },
      {
        name: 'label',
        path: `/v1/lists/${listId}/items?label=errands`,
        statement: pageStatement(viewer, listId, { view: readView({ label: 'errands' }, me.id, 'position').view, limit: 100 }),
      },
    ];

    const rows = [];
    for (const c of cases) {
      const body = JSON.parse(await get(agent, service.url, c.path, me.key));
      const count = body.data.items.length;
      const { statement, parameters } = c.statement;
      const config = { ...(statement.name ? { name: statement.name } : {}), text: statement.text, values: parameters };
      const floorRows = (await pool.query(config)).rows;
      if (floorRows.length !== 1) throw new Error(`${c.name}: the floor's statement answered ${floorRows.length} rows`);
      if (process.env.BENCH_EXPLAIN) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, parameters);
        console.log(`\n${c.name}: ${c.path}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
      }
      // Warm both (plans, caches), then measure the floor and the service in turns, twice, keeping the better run of each.
      await measure(() => pool.query(config));
      const runs = { floor: [], service: [] };
      for (let round = 0; round < 2; round += 1) {
        runs.floor.push(await measure(() => pool.query(config)));
        runs.service.push(await measure(() => get(agent, service.url, c.path, me.key)));
      }
      const best = (list) => list.reduce((a, b) => (b.p50 < a.p50 ? b : a));
      const [floor, http] = [best(runs.floor), best(runs.service)];
      rows.push({
        query: c.name,
        items: count,
        'floor p50 ms': floor.p50.toFixed(2),
        'floor p99 ms': floor.p99.toFixed(2),
        'floor req/s': Math.round(floor.rps),
        'service p50 ms': http.p50.toFixed(2),
        'service p99 ms': http.p99.toFixed(2),
        'service req/s': Math.round(http.rps),
        'p50 ratio': (http.p50 / floor.p50).toFixed(2),
      });
      say(`${c.name}: ${c.path}`);
    }
    console.table(rows);
    console.log(
      JSON.stringify({ items: ITEMS, lists: LISTS, hidden_items: HIDDEN_ITEMS, connections: CONNECTIONS, duration_s: DURATION, rows }),
    );
  } finally {
    agent.destroy();
    await pool.end();
    await service?.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
