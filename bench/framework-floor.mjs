#!/usr/bin/env node
// What NestJS on Express costs on the measured workloads when it does exactly the baseline's
// work: the shared baseline's GET /v1/me, POST /v1/actions/add and GET /v1/lists/:id/items
// (same SQL, same pool of 10, same database and schema, same checks and headers), answered by
// a bare Nest application on @nestjs/platform-express (no guards, pipes, interceptors or
// logging) instead of node:http. It measures that application (A) against the baseline (B)
// with the shared driver: what the design card's framework costs as Nest sets it up. That
// includes Express's change of every request's and response's prototype, which the service
// avoids (docs/performance.md, "Nothing long-lived holds request objects"), so the service can
// run above this floor. The yardstick's floor.mjs answers /v1/me with a constant; this one does
// the work.
//
//   BENCH_ROUNDS=3 BENCH_DURATION=8 node bench/framework-floor.mjs [workloads]   e.g. add1,add20
//   node bench/framework-floor.mjs add1 --service     the service (A) against the floor (B) instead
//   node bench/framework-floor.mjs me --cached-keys   the floor keeps each key's row after its first read
//
// The seeding routes (sign-up, keys, lists) are forwarded to the baseline, so both targets
// read the same users, keys and lists. Nothing here is a product: it is a yardstick.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { root, runChecked, say, startFloor, startService } from './service.mjs';

const shared = resolve(process.env.BENCH_SHARED_DIR ?? join(root, '..', 'shared', 'bench'));

// ---------------------------------------------------------------- the application (--serve)
async function serve(port, baselineUrl, databaseUrl) {
  const require = createRequire(join(root, 'package.json'));
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { Controller, Get, Post, HttpCode, HttpException, Module, Req, Res } = require('@nestjs/common');
  const pg = require('pg');

  const MAX = 1_000_000;
  const WINDOW_S = 60;
  const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const KEY_RE = /^sk_live_[0-9a-f]{64}$/;
  const TS_RE = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
  // The baseline's type parser, on this process's own pg (a private types object, not the global).
  const types = { getTypeParser: (oid, format) => (oid === 1184 ? (v) => v : pg.types.getTypeParser(oid, format)) };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: '-c search_path=baseline -c TimeZone=UTC',
    types,
  });

  const fail = (status, message) => {
    throw new HttpException({ data: null, error: message }, status);
  };
  const onlyFields = (body, allowed) => {
    for (const k of Object.keys(body)) if (!allowed.includes(k)) fail(400, `Unknown field: ${k}`);
  };
  const text = (value, field, max) => {
    if (typeof value !== 'string') fail(400, `${field} must be a string`);
    const t = value.trim();
    if (!t || (t.length > max && [...t].length > max)) fail(400, `${field} must be 1-${max} characters`);
    if (t.includes('\0')) fail(400, `${field} must not contain NUL`);
    return t;
  };
  const iso = (t) => {
    if (t === null) return null;
    const m = TS_RE.exec(t);
    return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  };
  const item = (r) => ({
    id: r.id,
    list_id: r.list_id,
    text: r.text,
    completed: r.completed,
    created_at: iso(r.created_at),
    created_by: r.created_by,
    completed_at: iso(r.completed_at),
    completed_by: r.completed_by,
  });
  const ITEM_COLS = 'id, list_id, text, completed, created_at, created_by, completed_at, completed_by';
  const LIST_OF_MEMBER = 'SELECT l.id, l.name, m.role FROM list_members m JOIN lists l ON l.id = m.list_id';

  // --cached-keys: a key's row is read once and kept (never revalidated), as a key cache with
  // nothing else to do would: the floor of a service that does not read the key per request.
  const cachedKeys = process.env.FLOOR_CACHED_KEYS === '1' ? new Map() : undefined;
  async function authenticate(req, res, scope) {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || !key) fail(401, 'Missing API key (X-API-Key header)');
    if (!KEY_RE.test(key)) fail(401, 'Invalid API key');
    const hash = createHash('sha256').update(key).digest();
    let row = cachedKeys?.get(hash.toString('base64'));
    if (!row) {
      const { rows } = await pool.query({
        name: 'auth',
        text: `SELECT u.id, u.email, u.name, u.username, k.id AS key_id, k.scopes
               FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        values: [hash],
      });
      if (!rows[0]) fail(401, 'Invalid API key');
      row = rows[0];
      cachedKeys?.set(hash.toString('base64'), row);
    }
    rateLimit(row.key_id, res);
    if (!row.scopes.includes(scope)) fail(403, `This key lacks the ${scope} scope`);
    return row;
  }

  const windows = new Map();
  function rateLimit(keyId, res) {
    const now = Date.now();
    let w = windows.get(keyId);
    if (!w) windows.set(keyId, (w = { t: [], head: 0 }));
    while (w.head < w.t.length && w.t[w.head] <= now - WINDOW_S * 1000) w.head++;
    if (w.head > 1024 && w.head * 2 > w.t.length) {
      w.t = w.t.slice(w.head);
      w.head = 0;
    }
    const allowed = w.t.length - w.head < MAX;
    if (allowed) w.t.push(now);
    const used = w.t.length - w.head;
    const reset = used ? Math.max(1, Math.ceil((w.t[w.head] + WINDOW_S * 1000 - now) / 1000)) : 0;
    res.setHeader('ratelimit-policy', `"default";q=${MAX};w=${WINDOW_S}`);
    res.setHeader('ratelimit', `"default";r=${MAX - used};t=${reset}`);
    if (!allowed) fail(429, `Rate limit exceeded: retry in ${reset} seconds`);
  }

  async function resolveList(db, userId, ref) {
    if (UUID_RE.test(ref)) {
      const { rows } = await db.query({
        name: 'list_by_id',
        text: `${LIST_OF_MEMBER} WHERE m.list_id = $1 AND m.user_id = $2`,
        values: [ref, userId],
      });
      if (rows[0]) return rows[0];
    }
    const name = ref.trim();
    const { rows } = await db.query({
      name: 'list_by_name',
      text: `${LIST_OF_MEMBER} WHERE m.user_id = $2 AND lower(l.name) = lower($1) ORDER BY m.role = 'owner' DESC LIMIT 2`,
      values: [name, userId],
    });
    if (!rows[0]) fail(404, 'List not found');
    if (rows[0].role !== 'owner' && rows.length > 1) fail(422, `Several lists shared with you are named "${name}": use the list id`);
    return rows[0];
  }

  class FloorController {
    async me(req, res) {
      const user = await authenticate(req, res, 'profile:read');
      return { data: { id: user.id, email: user.email, name: user.name, username: user.username, scopes: user.scopes }, error: null };
    }

    async add(req, res) {
      const user = await authenticate(req, res, 'items:write');
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) fail(400, 'Body must be a JSON object');
      onlyFields(body, ['list', 'items']);
      if (typeof body.list !== 'string' || !body.list.trim()) fail(400, 'list must be a non-empty string');
      if (!Array.isArray(body.items) || body.items.length < 1 || body.items.length > 100)
        fail(400, 'items must be an array of 1-100 strings');
      const texts = body.items.map((t, i) => text(t, `items[${i}]`, 500));
      const db = await pool.connect();
      try {
        await db.query('BEGIN');
        const list = await resolveList(db, user.id, body.list);
        if (list.role === 'viewer') fail(403, 'Viewers cannot add items');
        const { rows } = await db.query({
          name: 'add_items',
          text: `INSERT INTO items (list_id, text, created_by, created_at)
                 SELECT $1, t, $2, clock_timestamp() + o * interval '1 microsecond'
                 FROM unnest($3::text[]) WITH ORDINALITY AS u(t, o) ORDER BY o RETURNING ${ITEM_COLS}`,
          values: [list.id, user.id, texts],
        });
        await db.query('COMMIT');
        return { data: { list: { id: list.id, name: list.name }, items: rows.map(item) }, error: null };
      } catch (e) {
        await db.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        db.release();
      }
    }

    async items(req, res) {
      const user = await authenticate(req, res, 'items:read');
      const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
      for (const k of query.keys()) if (!['limit', 'cursor', 'status'].includes(k)) fail(400, `Unknown query parameter: ${k}`);
      const limit = Number(query.get('limit') ?? 100);
      if (!/^\d+$/.test(query.get('limit') ?? '100') || limit < 1 || limit > 500) fail(400, 'limit must be an integer from 1 to 500');
      const status = query.get('status') ?? 'all';
      if (!['all', 'open', 'completed'].includes(status)) fail(400, 'status must be all, open or completed');
      let after = null;
      if (query.has('cursor')) {
        after = Buffer.from(query.get('cursor'), 'base64url').toString().split('|');
        if (after.length !== 2 || !TS_RE.test(after[0]) || !UUID_RE.test(after[1])) fail(400, 'Invalid cursor');
      }
      const param = req.params.id;
      if (!UUID_RE.test(param)) fail(404, 'List not found');
      const {
        rows: [list],
      } = await pool.query({
        name: 'list_visible',
        text: `${LIST_OF_MEMBER} WHERE m.list_id = $1 AND m.user_id = $2`,
        values: [param, user.id],
      });
      if (!list) fail(404, 'List not found');
      const filter = `($2::text = 'all' OR completed = ($2::text = 'completed'))`;
      const { rows } = await pool.query(
        after
          ? {
              name: 'items_after',
              values: [list.id, status, limit + 1, after[0], after[1]],
              text: `SELECT ${ITEM_COLS} FROM items WHERE list_id = $1 AND (created_at, id) > ($4::timestamptz, $5::uuid) AND ${filter} ORDER BY created_at, id LIMIT $3`,
            }
          : {
              name: 'items_first',
              values: [list.id, status, limit + 1],
              text: `SELECT ${ITEM_COLS} FROM items WHERE list_id = $1 AND ${filter} ORDER BY created_at, id LIMIT $3`,
            },
      );
      const more = rows.length > limit;
      if (more) rows.pop();
      const last = rows.at(-1);
      return {
        data: {
          list: { id: list.id, name: list.name },
          items: rows.map(item),
          next_cursor: more ? Buffer.from(`${last.created_at}|${last.id}`).toString('base64url') : null,
        },
        error: null,
      };
    }
  }
  const routes = [
    ['me', Get('me'), []],
    ['add', Post('actions/add'), [HttpCode(200)]],
    ['items', Get('lists/:id/items'), []],
  ];
  for (const [method, route, more] of routes) {
    Req()(FloorController.prototype, method, 0);
    Res({ passthrough: true })(FloorController.prototype, method, 1);
    Reflect.decorate(
      [route, ...more],
      FloorController.prototype,
      method,
      Object.getOwnPropertyDescriptor(FloorController.prototype, method),
    );
  }
  Reflect.decorate([Controller('v1')], FloorController);
  class FloorModule {}
  Reflect.decorate([Module({ controllers: [FloorController] })], FloorModule);

  const app = await NestFactory.create(FloorModule, { logger: false });
  // The seeding routes go to the baseline, so both targets share users, keys and lists. This
  // middleware runs before Nest's body parser (registered at listen), so it reads the raw body.
  const forwarded = (req) => req.path.startsWith('/developers/') || (req.method === 'POST' && req.path === '/v1/lists');
  app.use(async (req, res, next) => {
    if (!forwarded(req)) return next();
    const headers = { 'content-type': 'application/json' };
    for (const name of ['x-api-key', 'cookie']) if (req.headers[name]) headers[name] = req.headers[name];
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const answer = await fetch(baselineUrl + req.originalUrl, { method: req.method, headers, body: Buffer.concat(chunks) });
    res.status(answer.status);
    res.setHeader('content-type', answer.headers.get('content-type') ?? 'application/json');
    for (const cookie of answer.headers.getSetCookie()) res.append('set-cookie', cookie);
    res.send(Buffer.from(await answer.arrayBuffer()));
  });
  await app.listen(port, '127.0.0.1');
  console.log(`framework floor listening on http://127.0.0.1:${port}`);
  const stop = () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---------------------------------------------------------------- the comparison (default)
async function compare(workloads, againstService) {
  if (!existsSync(join(shared, 'bench.mjs'))) {
    say(`no shared benchmark at ${shared}: nothing to compare with`);
    process.exit(3);
  }
  runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared });
  const started = runChecked(join(shared, 'run-baseline.sh'), ['start'], { cwd: shared });
  process.stderr.write(started);
  let floor;
  let service;
  try {
    const projectUrl = /project DATABASE_URL=(\S+)/.exec(started)?.[1];
    if (!projectUrl) throw new Error('run-baseline.sh did not print the DATABASE_URL');
    const baselineDb = projectUrl.replace(/\/project$/, '/baseline');
    const baselineUrl = `http://127.0.0.1:${readFileSync('/tmp/bench-baseline/port', 'utf8').trim()}`;
    floor = await startFloor(baselineUrl, baselineDb);
    say(`framework floor (pid ${floor.pid}) on ${floor.url}; baseline on ${baselineUrl}`);
    if (againstService) {
      // As npm run bench starts it: production, default log level, limiter out of the way.
      const env = { ...process.env, NODE_ENV: 'production', DATABASE_URL: projectUrl, RATE_LIMIT_MAX: '1000000' };
      delete env.LOG_LEVEL;
      delete env.REDIS_URL;
      service = await startService(env);
      say(`service (pid ${service.pid}) on ${service.url}`);
    }
    const [a, b] = againstService ? [service.url, floor.url] : [floor.url, 'baseline'];
    const setting = (name, fallback) => process.env[name] ?? fallback;
    const driver = spawnSync(
      process.execPath,
      [
        join(shared, 'bench.mjs'),
        ...['--target', a, '--vs', b],
        ...['--rounds', setting('BENCH_ROUNDS', '3'), '--duration', setting('BENCH_DURATION', '10')],
        ...['--connections', setting('BENCH_CONNECTIONS', '50'), '--keys', setting('BENCH_KEYS', '50')],
        ...['--workloads', workloads],
      ],
      { cwd: shared, stdio: 'inherit' },
    );
    if (driver.status !== 0) throw new Error(`the shared driver failed (${driver.status})`);
  } finally {
    await service?.stop();
    await floor?.stop();
    process.stderr.write(runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared }));
  }
}

const [mode, ...rest] = process.argv.slice(2);
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
if (flags.has('--cached-keys')) process.env.FLOOR_CACHED_KEYS = '1';
const workloads = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'me,items,add1,add20';
const main = mode === '--serve' ? serve(Number(rest[0]), rest[1], rest[2]) : compare(workloads, flags.has('--service'));
main.catch((error) => {
  console.error(error);
  process.exit(1);
});
