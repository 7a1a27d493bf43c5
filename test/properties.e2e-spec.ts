import fc from 'fast-check';
import pg from 'pg';
import request from 'supertest';
import { client, makeCaller, type Caller } from './support/lists-client';
import { NO_RATE_LIMITS, startTestApp, TestApp } from './support/test-app';

/**
 * Property-based checks over every POST/PATCH route (bodies), every path parameter and every
 * query parameter: whatever arrives, the answer is never a 500, is always the {data, error}
 * envelope, and after any 4xx the database is exactly as it was (a checksum of every table).
 *
 * Runs: NUM_RUNS per property (25 by default, PROPERTY_RUNS overrides), each property also
 * stopped after PROPERTY_TIME_MS (4 s) so the suite stays bounded on a loaded machine; the
 * number of inputs each property tried is printed. The spec runs on a database of its own, so
 * the checksums see no other spec's writes.
 *
 * Left out of the checksum, on purpose: sign_in_attempts (a failed sign-in, a 401, is recorded
 * by design, API.md section 4), api_keys.last_used_at (a key's first use is recorded even
 * when the request then fails), request_logs (every request is logged, its outcome whatever it
 * is) and webhook_relay_position (see checksum()).
 */
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
const PROPERTY_TIME_MS = 4000;

/** Any string, including NUL, lone surrogates, control and astral characters. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\udc00', 'x'.repeat(600), '__proto__', '%zz', '../..', "' OR 1=1 --", 'editor', 'viewer'),
);
const anyJson = fc.jsonValue({ maxDepth: 4 });
const anyValue = fc.oneof(anyText, anyJson, fc.array(anyText, { maxLength: 120 }));
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'extra', 'items\u0000', '\ud800');

/** A body shaped like the route's own (its fields with arbitrary values, sometimes one unknown field), or anything at all. */
function bodyFor(fields: readonly string[]): fc.Arbitrary<string> {
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] }),
      fc.option(fc.tuple(hostileKey, anyValue), { nil: undefined }),
    )
    .map(([record, extra]) => {
      const body: Record<string, unknown> = { ...record };
      if (extra) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true });
      return JSON.stringify(body);
    });
  const raw = fc.oneof(
    anyJson.map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.integer({ min: 1, max: 200 }).map((n) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`),
  );
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: raw });
}

/** A path segment: percent-encoded garbage, raw malformed escapes, or an id of the wrong kind. */
const anySegment = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
  fc.constantFrom(
    '%zz',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    '%00',
    '%C0%AF',
    '00000000-0000-0000-0000-000000000000',
    'A'.repeat(43),
    '..',
    'null',
  ),
  fc.uuid(),
);

/** The columns compared of the tables where background work writes some columns itself. */
const COMPARED_COLUMNS: Record<string, string> = {
  api_keys: 'id, user_id, label, key_hash, scopes, mode, list_ids, expires_at, allowed_ips, status, created_at, revoked_at',
  mail: 'id, kind, recipient, subject, created_at',
};

describe('properties of every route', () => {
  let t: TestApp;
  let admin: pg.Client;
  let db: pg.Client;
  let databaseName: string;
  let owner: Caller;
  let sessionCookie: string;
  const ids: Record<string, string> = {};

  let checksumSql = '';
  /**
   * Row count and md5 of every table, in one statement. What background work changes on its own
   * schedule is left out, as it can change during a 4xx probe: the webhook relay's position (the
   * delivery worker moves it past events of earlier, successful probes), the keys' usage counts
   * (every request counts, a 4xx too, and they are flushed once a minute), the request logs
   * (every /v1/ request is a line, a 4xx too, written once a second) and a key's last use;
   * of the mail queue, only which messages exist is compared (the worker sends them).
   */
  async function checksum(): Promise<string> {
    if (!checksumSql) {
      const tables: Array<{ table_name: string }> = (
        await db.query(
          `SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
              AND table_name NOT IN ('sign_in_attempts', 'migrations', 'webhook_relay_position', 'key_usage_days', 'request_logs')
            ORDER BY table_name`,
        )
      ).rows;
      checksumSql = tables
        .map(({ table_name: table }) => {
          const columns = COMPARED_COLUMNS[table] ?? `${table}.*`;
          return `SELECT '${table}' AS t, count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS h FROM (SELECT ${columns} FROM ${table}) r`;
        })
        .join(' UNION ALL ');
    }
    const rows: Array<{ t: string; n: number; h: string }> = (await db.query(checksumSql)).rows;
    return rows.map((row) => `${row.t}:${row.n}:${row.h}`).join(',');
  }

  type Answer = { status: number; body: unknown; contentType: string };

  /**
   * The MCP endpoint answers JSON-RPC, not the envelope (API.md section 11): a response with the
   * request's id and either `result` or an `error` with a numeric code; a notification alone is
   * a 202 without a body.
   */
  function expectSoundJsonRpc(label: string, res: Answer): void {
    if (res.status === 202 && (res.body === undefined || res.body === '' || Object.keys(res.body as object).length === 0)) return;
    if (!/^application\/json/.test(res.contentType)) throw new Error(`${label}: not JSON (${res.contentType})`);
    const body = res.body as { jsonrpc?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } } | null;
    const sound =
      body !== null &&
      typeof body === 'object' &&
      body.jsonrpc === '2.0' &&
      'id' in body &&
      ('result' in body ? !('error' in body) : typeof body.error?.code === 'number' && typeof body.error.message === 'string');
    if (!sound) throw new Error(`${label}: not a JSON-RPC response: ${JSON.stringify(body)}`);
  }

  function expectSound(label: string, res: Answer, path: string): void {
    if (res.status >= 500) throw new Error(`${label}: answered ${res.status} ${JSON.stringify(res.body)}`);
    if (path === '/mcp') return expectSoundJsonRpc(label, res);
    if (!/^application\/json/.test(res.contentType)) throw new Error(`${label}: not JSON (${res.contentType})`);
    const body = res.body as { data?: unknown; error?: unknown } | null;
    const envelope =
      body !== null &&
      typeof body === 'object' &&
      'data' in body &&
      'error' in body &&
      Object.keys(body).length === 2 &&
      (body.data === null) !== (body.error === null);
    if (!envelope) throw new Error(`${label}: not the {data, error} envelope: ${JSON.stringify(body)}`);
  }

  /** Sends, then checks the answer's shape, and that a 4xx changed nothing. */
  async function probe(label: string, path: string, send: () => request.Test): Promise<void> {
    const before = await checksum();
    const res = await send();
    expectSound(label, { status: res.status, body: res.body, contentType: res.headers['content-type'] ?? '' }, path);
    if (res.status >= 400 && res.status < 500) {
      const after = await checksum();
      if (after !== before) throw new Error(`${label}: answered ${res.status} but changed the database`);
    }
  }

  async function run<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>): Promise<void> {
    const property = fc.asyncProperty(arbitrary, predicate) as fc.IAsyncProperty<[T]>;
    const details = await fc.check(property, { numRuns: NUM_RUNS, interruptAfterTimeLimit: PROPERTY_TIME_MS });
    process.stdout.write(
      `[properties] ${name}: ${details.numRuns} inputs tried${details.interrupted ? ' (stopped at the time bound)' : ''}\n`,
    );
    if (details.failed) {
      // The report names the counterexample; the predicate's own error says what was wrong with it.
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`${fc.defaultReportMessage(details) ?? `${name} failed`}\n${cause}`);
    }
  }

  beforeAll(async () => {
    const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!;
    databaseName = `todo_props_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    t = await startTestApp({
      DATABASE_URL: url.toString(),
      ...NO_RATE_LIMITS,
      LOG_LEVEL: 'silent',
    });
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();

    owner = await makeCaller(t.app);
    const invitee = await makeCaller(t.app);
    const as = client(t.server, owner.key);
    ids.list = (await as.post('/v1/lists', { name: 'Properties' }).expect(200)).body.data.list.id;
    ids.invitation = (
      await as.post(`/v1/lists/${ids.list}/invitations`, { email: invitee.email, role: 'viewer' }).expect(200)
    ).body.data.invitation.id;
    const share = (await as.post(`/v1/lists/${ids.list}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
    ids.share = share.id;
    ids.token = share.token;
    ids.member = invitee.id;
    await as.post('/v1/actions/add', { list: ids.list, items: ['milk', 'eggs', 'bread'] }).expect(200);
    const signup = await request(t.server)
      .post('/developers/api/signup')
      .send({ email: 'props@example.test', username: 'props_user', name: 'Props', password: 'long enough password' })
      .expect(200);
    sessionCookie = String(signup.headers['set-cookie']).split(';')[0];
    ids.key = (
      await request(t.server).post('/developers/api/keys').set('Cookie', sessionCookie).send({ label: 'props' }).expect(200)
    ).body.data.id;
  });

  afterAll(async () => {
    await t?.close();
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
  });

  /** Fields of each route's body (API.md sections 4 and 6); a route missing here still gets arbitrary bodies. */
  const FIELDS: Record<string, readonly string[]> = {
    'POST /v1/lists': ['name'],
    'PATCH /v1/lists/:id': ['name'],
    'PATCH /v1/lists/:id/members/:user_id': ['role'],
    'POST /v1/lists/:id/invitations': ['email', 'role'],
    'POST /v1/lists/:id/shares': ['role', 'expires_at'],
    'POST /v1/actions/add': ['list', 'items'],
    'POST /v1/actions/complete': ['list', 'items'],
    'POST /v1/actions/reopen': ['list', 'items'],
    'POST /v1/actions/remove': ['list', 'items'],
    'POST /developers/api/signup': ['email', 'username', 'name', 'password'],
    'POST /developers/api/login': ['login', 'password'],
    'POST /developers/api/keys': ['label'],
  };

  /** Real values for each path parameter, so a property can vary one at a time. */
  const param = (name: string): string =>
    ({ id: name === 'id' ? ids.list : '', user_id: ids.member, inv_id: ids.invitation, share_id: ids.share, token: ids.token })[name] ??
    ids.list;

  function routes(): Array<{ method: string; path: string }> {
    const router = t.app.getHttpAdapter().getInstance().router as {
      stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
    };
    return router.stack.flatMap((layer) =>
      layer.route && !layer.route.path.includes('*') && !layer.route.path.startsWith('/docs')
        ? Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path }))
        : [],
    );
  }

  function send(method: string, path: string, body?: string, query = ''): request.Test {
    const req = request(t.server)[method.toLowerCase() as 'get'](path + query);
    if (path.startsWith('/developers/api/')) {
      req.set('Cookie', sessionCookie);
    } else {
      req.set('X-API-Key', owner.key);
    }
    if (body !== undefined) req.set('Content-Type', 'application/json').send(body);
    return req;
  }

  const fill = (template: string, override?: [string, string]) =>
    template.replace(/:([a-z_]+)/g, (_m, name: string) =>
      override && override[0] === name ? override[1] : name === 'id' && template.startsWith('/developers') ? ids.key : param(name),
    );

  it('covers at least the routes of API.md', () => {
    const keys = routes().map((r) => `${r.method} ${r.path}`);
    for (const route of Object.keys(FIELDS)) expect(keys).toContain(route);
  });

  it('bodies: every POST and PATCH route, any body → never 500, the envelope, nothing changed on a 4xx', async () => {
    for (const { method, path } of routes().filter((r) => r.method === 'POST' || r.method === 'PATCH')) {
      if (path === '/developers/api/logout') continue; // would end the session the other properties use
      const route = `${method} ${path}`;
      await run(`body of ${route}`, bodyFor(FIELDS[route] ?? []), async (body) => {
        await probe(`${route} ${body.slice(0, 80)}`, path, () => send(method, fill(path), body));
      });
    }
  });

  it('path parameters: every parameter of every route, any value → never 500, the envelope, nothing changed on a 4xx', async () => {
    for (const { method, path } of routes()) {
      const names = [...path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]);
      for (const name of names) {
        if (method === 'DELETE' && name === 'id' && path === '/v1/lists/:id') continue; // the only 200 would delete the fixture list; ids below are not real anyway
        await run(`:${name} of ${method} ${path}`, anySegment, async (segment) => {
          const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
          await probe(`${method} ${path} :${name}=${segment}`, path, () => send(method, fill(path, [name, segment]), body));
        });
      }
    }
  });

  it('query parameters: every GET route, any query → never 500, the envelope, nothing changed on a 4xx', async () => {
    const names = fc.oneof(
      fc.constantFrom('limit', 'cursor', 'after', 'order', 'status', 'constructor', '__proto__', 'toString', 'foo'),
      fc.string({ maxLength: 8 }),
    );
    const values = fc.oneof(
      fc.constantFrom('', '0', '1', '500', '501', '-1', '1e2', 'open', 'completed', 'all', 'newest', 'now', '%zz', '%00', 'a'.repeat(600)),
      fc.string({ unit: 'binary', maxLength: 30 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
      fc.base64String({ maxLength: 80 }),
    );
    const query = fc
      .array(fc.tuple(names, values), { minLength: 1, maxLength: 4 })
      .map((pairs) => '?' + pairs.map(([n, v]) => `${encodeURIComponent(n)}=${v}`).join('&'));
    for (const { path } of routes().filter(
      (r) => r.method === 'GET' && !r.path.startsWith('/developers') && r.path !== '/v1/openapi.json',
    )) {
      await run(`query of GET ${path}`, query, async (q) => {
        await probe(`GET ${path}${q}`, path, () => send('GET', fill(path), undefined, q));
      });
    }
  });
});
