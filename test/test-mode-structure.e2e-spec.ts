import { randomBytes } from 'node:crypto';
import { Client, type PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { runInMode } from '../src/common/persistence/work-context';
import type { KeyMode } from '../src/common/auth/principal';
import { dataSourceFor, MODE_SCHEMAS } from '../src/common/persistence/mode-data-sources';
import { NamedStatement } from '../src/common/persistence/named-statement';
import { managerOf, TypeOrmUnitOfWork } from '../src/common/persistence/typeorm-unit-of-work';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { client, makeCaller, type Client as ApiClient } from './support/lists-client';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { NO_RATE_LIMITS, useTestApp } from './support/test-app';

const MODES: readonly KeyMode[] = ['live', 'test'];
/** A table made in the sandbox alone, after the per-mode tables were read from the catalog. */
const PROBE = `structure_probe_${randomBytes(3).toString('hex')}`;
const other = (mode: KeyMode): KeyMode => (mode === 'live' ? 'test' : 'live');

/**
 * The tables shared by both modes: the accounts and what belongs to them (API.md, "Test mode":
 * "accounts are shared between modes"). Every other table of `public` must have its twin in
 * `sandbox`: a new table is either listed here or per mode, never neither.
 */
const ACCOUNT_TABLES = [
  'account_tokens',
  'api_keys',
  'invitation_mail_days',
  'key_usage_days',
  'mail',
  'service_secrets',
  'sessions',
  'sign_in_attempts',
  'users',
].sort();

/**
 * Test mode's separation by construction (docs/adr/0007-test-mode-schema-per-mode.md): with
 * both modes' data in the database, a query with no filter at all, sent through the service's
 * own paths to the database (managerOf, NamedStatement, the unit of work) in one mode, reads
 * that mode's rows and no row of the other. The per-mode tables are those the catalog shows
 * in `sandbox`, so a new per-mode table is covered without touching this spec; every
 * connection of each mode's pool resolves unqualified names in its own schema.
 */
describe('test mode: separation by construction', () => {
  let admin: Client;
  // Before the app's own afterAll (hooks run in the order they are declared), which drops the database with the probe in it.
  afterAll(() => admin?.end());
  // Its own database: the rows of each schema are this spec's alone, so "every row" is exact.
  const t = useTestApp({ ...NO_RATE_LIMITS, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, {}, { ownDatabase: 'test_mode_structure' });
  /** The per-mode tables, from the catalog: every table of the sandbox schema. */
  let perMode: string[];

  /** Rows of one schema's table, read by a connection of neither mode, by qualified name. */
  const rowsIn = async (schema: string, table: string): Promise<string[]> =>
    (await admin.query<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM "${schema}"."${table}" x`)).rows.map((r) => r.row).sort();
  /** The SQL without any filter nor schema, as a repository that forgot its WHERE clause would send it. */
  const unfiltered = (table: string) => `SELECT row_to_json(x)::text AS row FROM ${table} x`;

  /** One world per mode, written through the API: a row in every per-mode table the API writes. */
  async function populate(mode: KeyMode, owner: ApiClient, member: ApiClient, memberEmail: string): Promise<void> {
    const list = (await owner.post('/v1/lists', { name: `Structure ${mode}` }).expect(200)).body.data.list;
    await owner
      .post('/v1/actions/add', { list: list.id, items: ['one', 'two'] })
      .set('Idempotency-Key', `structure-${mode}`)
      .expect(200);
    await owner.post(`/v1/lists/${list.id}/invitations`, { email: memberEmail, role: 'viewer' }).expect(200);
    const share = (await owner.post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
    await member.post(`/v1/shares/${share.token}/join`).expect(200);
    const webhook = (await owner.post('/v1/webhooks', { url: 'http://127.0.0.1:9/structure' }).expect(200)).body.data.webhook;
    recordSecret('webhook secret', webhook.secret);
    await owner.post(`/v1/webhooks/${webhook.id}/test`).expect(200);
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: (t.db.options as { url: string }).url });
    await admin.connect();
    const [owner, member] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
    for (const mode of MODES) {
      const keyOf = async (id: string, key: string) =>
        client(t.server, mode === 'live' ? key : (await makeRestrictedKey(t.app, id, { mode: 'test' })).key);
      await populate(mode, await keyOf(owner.id, owner.key), await keyOf(member.id, member.key), member.email);
    }
    // The request logs are written by the instance's flush, once a second, not by the request:
    // wait (bounded) until both modes' lines have landed.
    const logged = async (schema: string) =>
      (await admin.query<{ n: number }>(`SELECT count(*)::integer AS n FROM "${schema}".request_logs`)).rows[0].n > 0;
    await waitFor(async () => (await logged(MODE_SCHEMAS.live)) && (await logged(MODE_SCHEMAS.test)), {
      what: "both modes' request log lines to be flushed",
      timeoutMs: 10_000,
    });
    perMode = (
      await admin.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
        [MODE_SCHEMAS.test],
      )
    ).rows.map((r) => r.table_name);
    await admin.query(`CREATE TABLE "${MODE_SCHEMAS.test}".${PROBE} (id int)`);
  });

  it('keeps the per-mode tables in both schemas and the account tables only in public', async () => {
    const publicTables = (
      await admin.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).rows.map((r) => r.table_name);
    expect(perMode).toEqual(
      expect.arrayContaining([
        'events',
        'idempotency_keys',
        'items',
        'list_invitations',
        'list_members',
        'list_shares',
        'lists',
        'webhook_deliveries',
        'webhooks',
      ]),
    );
    // No account table has a sandbox copy, and every table of public is one or the other.
    expect(perMode.filter((table) => ACCOUNT_TABLES.includes(table))).toEqual([]);
    expect(publicTables.filter((table) => !perMode.includes(table)).sort()).toEqual(ACCOUNT_TABLES);
    expect(perMode.filter((table) => !publicTables.includes(table))).toEqual([]);
  });

  it('wrote rows of both modes into every per-mode table the API writes, none the same', async () => {
    // Single-row bookkeeping and the migrations' own record may hold equal rows in both schemas.
    const bookkeeping = ['event_purge_watermark', 'migrations', 'webhook_relay_position'];
    const problems: string[] = [];
    for (const table of perMode.filter((name) => !bookkeeping.includes(name))) {
      const [live, test] = [await rowsIn(MODE_SCHEMAS.live, table), await rowsIn(MODE_SCHEMAS.test, table)];
      if (live.length === 0 || test.length === 0) problems.push(`${table}: ${live.length} live rows, ${test.length} sandbox rows`);
      if (live.some((row) => test.includes(row))) problems.push(`${table}: a row in both schemas`);
    }
    expect(problems).toEqual([]);
  });

  it.each(MODES)(
    'answers a query without any filter, in %s mode, with the rows of that mode only (managerOf, unit of work, NamedStatement)',
    async (mode) => {
      const live = t.db;
      const uow = new TypeOrmUnitOfWork(live);
      const problems: string[] = [];
      for (const table of perMode) {
        const expected = await rowsIn(MODE_SCHEMAS[mode], table);
        const theirs = await rowsIn(MODE_SCHEMAS[other(mode)], table);
        const paths: Record<string, () => Promise<Array<{ row: string }>>> = {
          managerOf: () => managerOf(live).query(unfiltered(table)),
          'unit of work': () => uow.run(() => managerOf(live).query(unfiltered(table))),
          NamedStatement: () => new NamedStatement(`structure_${table}`, unfiltered(table)).run(live, []),
          'NamedStatement in a unit of work': () =>
            uow.run(() => new NamedStatement(`structure_${table}`, unfiltered(table)).run(live, [])),
        };
        for (const [path, read] of Object.entries(paths)) {
          const rows = (await runInMode(mode, read)).map((r) => r.row).sort();
          if (JSON.stringify(rows) !== JSON.stringify(expected)) {
            const leaked = rows.filter((row) => theirs.includes(row) && !expected.includes(row)).length;
            problems.push(`${table} through ${path}: ${rows.length} rows, ${expected.length} expected, ${leaked} of the other mode`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(MODES)(
    'has every connection of the %s pool resolve unqualified names in its own schema (search_path set at connection)',
    async (mode) => {
      const source: DataSource = dataSourceFor(t.db, mode);
      const driver = source.driver as PostgresDriver;
      const size = (driver.master as { options: { max: number } }).options.max;
      // Every connection the pool may hold at once, each held so that the next is another.
      const held = await Promise.all(
        Array.from({ length: size }, () => driver.obtainMasterConnection() as Promise<[PoolClient, (error?: Error) => void]>),
      );
      const problems: string[] = [];
      try {
        for (const [connection] of held) {
          const { search_path } = (await connection.query<{ search_path: string }>(`SELECT current_setting('search_path') AS search_path`))
            .rows[0];
          if (search_path.replace(/ /g, '') !== (mode === 'live' ? 'public' : 'sandbox,public'))
            problems.push(`search_path ${search_path}`);
          for (const table of [...perMode, ...ACCOUNT_TABLES]) {
            const schema = ACCOUNT_TABLES.includes(table) ? MODE_SCHEMAS.live : MODE_SCHEMAS[mode];
            const { rows } = await connection.query<{ resolved: string | null; own: string }>(
              `SELECT to_regclass($1)::oid::text AS resolved, to_regclass($2)::oid::text AS own`,
              [table, `"${schema}"."${table}"`],
            );
            if (rows[0].resolved !== rows[0].own)
              problems.push(`${table} resolves to ${rows[0].resolved}, not ${schema}.${table} (${rows[0].own})`);
          }
          // A table of the sandbox alone: a live connection cannot even name it without its schema.
          const probe = (await connection.query<{ found: string | null }>(`SELECT to_regclass($1)::text AS found`, [PROBE])).rows[0].found;
          if ((probe !== null) !== (mode === 'test'))
            problems.push(`the sandbox-only table ${PROBE} ${probe === null ? 'is not' : 'is'} found`);
        }
      } finally {
        for (const [, release] of held) release();
      }
      expect(held).toHaveLength(size);
      expect(problems).toEqual([]);
    },
  );
});
