import { Client } from 'pg';
import { MIGRATIONS } from '../src/database/migrations';
import { startTestApp, TestApp } from './support/test-app';

/** A brand-new, empty database on the e2e server, dropped afterwards. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_ADMIN_DATABASE_URL!;
  const name = `todo_migrate_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

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
});
