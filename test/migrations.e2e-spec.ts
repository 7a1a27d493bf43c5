import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/database/migrations';
import { CaseFoldedKeys1763800600000 } from '../src/database/migrations/1763800600000-case-folded-keys';
import { ownDatabase } from './support/own-database';
import { startTestApp, TestApp } from './support/test-app';

const emptyDatabase = () => ownDatabase('migrate');

describe('migrations at start', () => {
  it('let several instances start together against one empty database, applying each migration once', async () => {
    const database = await emptyDatabase();
    const apps: TestApp[] = [];
    try {
      const started = await Promise.allSettled([1, 2, 3].map(() => startTestApp({ DATABASE_URL: database.url, DB_POOL_SIZE: '3' })));
      for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
      expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const client = new Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query('SELECT name, count(*)::int AS n FROM migrations GROUP BY name');
      await client.end();
      expect(rows).toHaveLength(MIGRATIONS.length);
      expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    }
  });

  it('1763800600000 keys names and texts by the folding rule both ways, renaming same-owner clashes instead of failing', async () => {
    const database = await emptyDatabase();
    const migrated = (migrations: typeof MIGRATIONS) =>
      new DataSource({ type: 'postgres', url: database.url, migrations, migrationsTransactionMode: 'each' }).initialize();
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
});
