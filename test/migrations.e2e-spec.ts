import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { KeyMode } from '../src/common/auth/principal';
import { NodeSecretGenerator } from '../src/common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import { MODE_SCHEMAS } from '../src/common/persistence/mode-data-sources';
import { dataSourceOptions, MIGRATION_TIMEOUTS } from '../src/database/data-source';
import { MIGRATIONS } from '../src/database/migrations';
import { CaseFoldedKeys1763800600000 } from '../src/database/migrations/1763800600000-case-folded-keys';
import { Livemode1763801400000 } from '../src/database/migrations/1763801400000-livemode';
import { ItemWordKeys1763801850000 } from '../src/database/migrations/1763801850000-item-word-keys';
import { DropJoinedWordsIndex1763801900000 } from '../src/database/migrations/1763801900000-drop-joined-words-index';
import { ApiKey } from '../src/modules/keys/domain/api-key';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { eventsOf, feedUntil } from './support/feed';
import { client as apiClient } from './support/lists-client';
import { migratedWith, ownDatabase } from './support/own-database';
import { recordSecret } from './support/secret-ledger';
import { startTestApp, TestApp } from './support/test-app';

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);

/** Each migration's name and how many times it was recorded, in one schema's own migrations table. */
async function recorded(url: string, schema: string): Promise<Array<{ name: string; n: number }>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SELECT name, count(*)::int AS n FROM "${schema}".migrations GROUP BY name`)).rows.sort(byName);
  } finally {
    await client.end();
  }
}

/** The tables of one schema. */
async function tablesOf(url: string, schema: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (
      await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
        [schema],
      )
    ).rows.map((r) => r.table_name);
  } finally {
    await client.end();
  }
}

const emptyDatabase = () => ownDatabase('migrate');

describe('migrations at start', () => {
  it('let several instances start together against one empty database, applying each migration once', async () => {
    const database = await emptyDatabase();
    const apps: TestApp[] = [];
    try {
      const started = await Promise.allSettled([1, 2, 3].map(() => startTestApp({ DATABASE_URL: database.url, DB_POOL_SIZE: '3' })));
      for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
      expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      // Both schemas, each with its own record of every migration, applied once.
      const names = MIGRATIONS.map((m) => ({ name: new m().name, n: 1 })).sort(byName);
      for (const schema of [MODE_SCHEMAS.live, MODE_SCHEMAS.test]) expect(await recorded(database.url, schema)).toEqual(names);
      const sandbox = await tablesOf(database.url, MODE_SCHEMAS.test);
      expect(sandbox).toEqual(expect.arrayContaining(['events', 'items', 'lists', 'migrations', 'webhook_deliveries']));
      expect(sandbox).not.toContain('users');
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    }
  });

  it('1763800600000 keys names and texts by the folding rule both ways, renaming same-owner clashes instead of failing', async () => {
    const database = await emptyDatabase();
    const migrated = (migrations: typeof MIGRATIONS) => migratedWith(database, migrations);
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(CaseFoldedKeys1763800600000));
    let ds = await migrated(before);
    try {
      await ds.runMigrations();
      const owner = randomUUID();
      await ds.query(
        `INSERT INTO users (id, email, username, name, password_hash, created_at) VALUES ($1, 'm@example.test', 'm', 'M', 'x', now())`,
        [owner],
      );
      const list = async (name: string, createdAt: string) => {
        const id = randomUUID();
        await ds.query(`INSERT INTO lists (id, owner_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`, [
          id,
          owner,
          name,
          createdAt,
        ]);
        return id;
      };
      // Distinct under lower(), one name under full case folding; "Straße (2)" is taken already.
      const oldest = await list('Straße', '2026-01-01T00:00:00Z');
      const taken = await list('Straße (2)', '2026-01-02T00:00:00Z');
      const clash = await list('STRASSE', '2026-01-03T00:00:00Z');
      const cafe = await list('Cafe\u0301', '2026-01-04T00:00:00Z');
      // The old rule (upper- then lower-casing, no NFC) left the combining accent in the key.
      const item = randomUUID();
      await ds.query(`INSERT INTO items (id, list_id, text, text_key, created_at, created_by) VALUES ($1, $2, $3, $3, now(), $4)`, [
        item,
        cafe,
        'cafe\u0301 strasse',
        owner,
      ]);
      await ds.destroy();

      // Up to this migration only, so that undoLastMigration below undoes this one.
      ds = await migrated(MIGRATIONS.slice(0, MIGRATIONS.indexOf(CaseFoldedKeys1763800600000) + 1));
      await ds.runMigrations();
      const names = async () =>
        Object.fromEntries(
          (await ds.query<{ id: string; name: string; name_key: string }[]>(`SELECT id, name, name_key FROM lists`)).map((r) => [
            r.id,
            [r.name, r.name_key],
          ]),
        );
      expect(await names()).toEqual({
        [oldest]: ['Straße', 'strasse'],
        [taken]: ['Straße (2)', 'strasse (2)'],
        [clash]: ['STRASSE (3)', 'strasse (3)'],
        [cafe]: ['Cafe\u0301', 'caf\u00e9'],
      });
      const textKey = async () => (await ds.query<{ text_key: string }[]>(`SELECT text_key FROM items WHERE id = $1`, [item]))[0].text_key;
      expect(await textKey()).toBe('caf\u00e9 strasse');
      await expect(
        ds.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, 'x', 'strasse', now(), now())`, [
          randomUUID(),
          owner,
        ]),
      ).rejects.toThrow(/lists_owner_name_uq/);

      await ds.undoLastMigration();
      expect(
        (await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'lists' AND column_name = 'name_key'`))
          .length,
      ).toBe(0);
      expect(await textKey()).toBe('cafe\u0301 strasse');
      await expect(
        ds.query(`INSERT INTO lists (id, owner_id, name, created_at, updated_at) VALUES ($1, $2, 'straße', now(), now())`, [
          randomUUID(),
          owner,
        ]),
      ).rejects.toThrow(/lists_owner_name_uq/);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await database.drop();
    }
  });

  it('1763801850000 keys existing notes by the folding rule and adds the two word indexes q reads; 1763801900000 drops the joined one; both undo', async () => {
    const database = await emptyDatabase();
    const migrated = (migrations: typeof MIGRATIONS) => migratedWith(database, migrations);
    let ds = await migrated(MIGRATIONS.slice(0, MIGRATIONS.indexOf(ItemWordKeys1763801850000)));
    try {
      await ds.runMigrations();
      const owner = randomUUID();
      const list = randomUUID();
      await ds.query(
        `INSERT INTO users (id, email, username, name, password_hash, created_at) VALUES ($1, 'w@example.test', 'w', 'W', 'x', now())`,
        [owner],
      );
      await ds.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, 'l', 'l', now(), now())`, [
        list,
        owner,
      ]);
      const item = async (text: string, notes: string) => {
        const id = randomUUID();
        await ds.query(
          `INSERT INTO items (id, list_id, text, text_key, notes, created_at, created_by) VALUES ($1, $2, $3, $3, $4, now(), $5)`,
          [id, list, text, notes, owner],
        );
        return id;
      };
      const noted = await item('a', '  Oat MILK Straße ');
      const plain = await item('b', '');
      await ds.destroy();

      ds = await migrated(MIGRATIONS.slice(0, MIGRATIONS.indexOf(ItemWordKeys1763801850000) + 1));
      await ds.runMigrations();
      const keys = async () =>
        Object.fromEntries(
          (await ds.query<{ id: string; notes_key: string }[]>(`SELECT id, notes_key FROM items`)).map((r) => [r.id, r.notes_key]),
        );
      expect(await keys()).toEqual({ [noted]: 'oat milk strasse', [plain]: '' });
      const indexes = async () =>
        (await ds.query<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE tablename = 'items' AND indexname LIKE '%words%'`))
          .map((r) => r.indexname)
          .sort();
      // The previous release's index stays beside them, for its instances during a rolling start.
      expect(await indexes()).toEqual(['items_notes_words_idx', 'items_text_words_idx', 'items_words_idx']);

      // The next release drops it; its undo builds it again for a rollback past that release.
      await ds.destroy();
      ds = await migrated(MIGRATIONS.slice(0, MIGRATIONS.indexOf(DropJoinedWordsIndex1763801900000) + 1));
      await ds.runMigrations();
      expect(await indexes()).toEqual(['items_notes_words_idx', 'items_text_words_idx']);
      await ds.undoLastMigration();
      expect(await indexes()).toEqual(['items_notes_words_idx', 'items_text_words_idx', 'items_words_idx']);

      await ds.undoLastMigration();
      expect(await indexes()).toEqual(['items_words_idx']);
      // The column goes with its own migration.
      await ds.undoLastMigration();
      expect(
        (await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'items' AND column_name = 'notes_key'`))
          .length,
      ).toBe(0);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await database.drop();
    }
  });

  it('gives a database migrated before test mode the sandbox and livemode at the next start, live events marked live, and undoes livemode in either schema', async () => {
    const database = await emptyDatabase();
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(Livemode1763801400000));
    expect(new before[before.length - 1]().name).toBe('AccountTokens1763801350000');
    // The database as the service left it before test mode: public alone, every earlier migration.
    const old = await new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: before,
      migrationsTransactionMode: 'each',
    }).initialize();
    const apps: TestApp[] = [];
    const tag = randomBytes(4).toString('hex');
    const [userId, listId, webhookId] = [randomUUID(), randomUUID(), randomUUID()];
    const at = '2026-01-05T10:00:00.000Z';
    const owner = { id: userId, username: `old_${tag}`, name: 'Old Timer' };
    const event = {
      id: `evt_${randomBytes(16).toString('hex')}`,
      type: 'list.created',
      created_at: at,
      list: { id: listId, name: 'Old list' },
      actor: owner,
      data: {
        list: { id: listId, name: 'Old list', owner, role: 'owner', item_count: 0, open_item_count: 0, created_at: at, updated_at: at },
      },
    };
    let key: string;
    try {
      await old.runMigrations();
      await old.query(
        `INSERT INTO users (id, email, username, name, password_hash, created_at, email_verified) VALUES ($1, $2, $3, $4, 'x', $5, true)`,
        [userId, `old_${tag}@example.test`, owner.username, owner.name, at],
      );
      const issued = ApiKey.issue(
        { id: randomUUID(), userId, label: 'old', now: new Date(at) },
        new NodeSecretGenerator(),
        new Sha256TokenHasher(),
      );
      const props = issued.key.toProps();
      await old.query(
        `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8)`,
        [props.id, userId, props.label, props.prefix, props.last4, props.keyHash, props.scopes, at],
      );
      key = issued.secret;
      recordSecret('api key', key);
      await old.query(
        `INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at, audience) VALUES ($1, $2, 'Old list', 'old list', $3, $3, ARRAY[$2::uuid])`,
        [listId, userId, at],
      );
      await old.query(
        `WITH ev AS (INSERT INTO events (id, txid, type, list_id, payload, created_at)
                     VALUES ($1, pg_current_xact_id(), 'list.created', $2, $3::json, $4) RETURNING txid, seq)
         INSERT INTO event_audience (user_id, txid, seq, list_id, type) SELECT $5, txid, seq, $2, 'list.created' FROM ev`,
        [event.id, listId, JSON.stringify(event), at, userId],
      );
      await old.query(
        `INSERT INTO webhooks (id, user_id, url, secret_sealed, created_at) VALUES ($1, $2, 'https://example.test/hook', 'sealed', $3)`,
        [webhookId, userId, at],
      );
      await old.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, payload, status, attempts, created_at, updated_at)
         VALUES ($1, $2, $3, 'list.created', $4, 'succeeded', 1, $5, $5)`,
        [randomUUID(), webhookId, event.id, JSON.stringify(event), at],
      );
      expect(await tablesOf(database.url, MODE_SCHEMAS.test)).toEqual([]);
    } finally {
      await old.destroy();
    }

    const stored = async (schema: string) => {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const events = (await client.query(`SELECT payload::text AS p FROM "${schema}".events WHERE payload IS NOT NULL ORDER BY seq`))
          .rows;
        const deliveries = (await client.query(`SELECT payload AS p FROM "${schema}".webhook_deliveries ORDER BY created_at`)).rows;
        const fn = (
          await client.query(
            `SELECT count(*)::int AS n FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace WHERE proname = 'livemode' AND nspname = $1`,
            [schema],
          )
        ).rows[0].n;
        return { events: events.map((r) => JSON.parse(r.p)), deliveries: deliveries.map((r) => JSON.parse(r.p)), livemodeFunction: fn };
      } finally {
        await client.end();
      }
    };

    try {
      // Two instances at the next start: the sandbox is built, livemode applied, each once.
      const started = await Promise.allSettled([1, 2].map(() => startTestApp({ DATABASE_URL: database.url, DB_POOL_SIZE: '3' })));
      for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
      expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const names = MIGRATIONS.map((m) => ({ name: new m().name, n: 1 })).sort(byName);
      for (const schema of [MODE_SCHEMAS.live, MODE_SCHEMAS.test]) expect(await recorded(database.url, schema)).toEqual(names);

      // The live events and deliveries recorded before test mode are live ones, flag last.
      const live = await stored(MODE_SCHEMAS.live);
      expect(live.events).toEqual([{ ...event, livemode: true }]);
      expect(Object.keys(live.events[0]).at(-1)).toBe('livemode');
      expect(live.deliveries).toEqual([{ ...event, livemode: true }]);
      // Once the feed shows it (another session's older transaction may hold it back a moment).
      const feed = await feedUntil(eventsOf(apiClient(apps[0].server, key)), 1, { what: 'the live event recorded before test mode' });
      expect(feed.events).toEqual([{ ...event, livemode: true }]);

      // The same account's test key starts from an empty sandbox, whose events are test ones.
      const testKey = (await makeRestrictedKey(apps[1].app, userId, { mode: 'test' })).key;
      expect((await request(apps[1].server).get('/v1/events').set('X-API-Key', testKey).expect(200)).body.data.events).toEqual([]);
      await request(apps[1].server).post('/v1/lists').set('X-API-Key', testKey).send({ name: 'Old list' }).expect(200);
      expect((await stored(MODE_SCHEMAS.test)).events.map((e) => [e.type, e.livemode])).toEqual([['list.created', false]]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }

    // The livemode migration undone and done again in each schema, as the service's migrations run it there.
    try {
      for (const mode of ['test', 'live'] as KeyMode[]) {
        const schema = MODE_SCHEMAS[mode];
        const options = dataSourceOptions({ url: database.url, poolSize: 1, timeouts: MIGRATION_TIMEOUTS }, mode);
        const migrations = await new DataSource(mode === 'test' ? ({ ...options, schema } as DataSourceOptions) : options).initialize();
        try {
          const done = await stored(schema);
          const otherSchema = MODE_SCHEMAS[mode === 'live' ? 'test' : 'live'];
          const others = await stored(otherSchema);
          // Livemode and the migrations after it, newest first, as an operator rolls back to before it.
          for (let i = MIGRATIONS.indexOf(Livemode1763801400000); i < MIGRATIONS.length; i += 1) {
            await migrations.undoLastMigration({ transaction: 'each' });
          }
          const undone = await stored(schema);
          // Undoing one schema's migration leaves the other's alone.
          expect(await stored(otherSchema)).toEqual(others);
          expect(undone.livemodeFunction).toBe(0);
          expect([...undone.events, ...undone.deliveries].filter((e) => 'livemode' in e)).toEqual([]);
          expect(undone.events).toEqual(done.events.map(({ livemode: _flag, ...rest }) => rest));
          await migrations.runMigrations({ transaction: 'each' });
          expect(await stored(schema)).toEqual({ ...done, livemodeFunction: 1 });
        } finally {
          await migrations.destroy();
        }
      }
      expect((await stored(MODE_SCHEMAS.live)).events).toEqual([{ ...event, livemode: true }]);
    } finally {
      await database.drop();
    }
  });
});
