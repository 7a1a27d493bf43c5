import { MIGRATIONS } from '../../src/database/migrations';
import { jsonRequest, signUpWithKey } from '../support/fault-client';
import { spawnReady } from '../support/service-process';
import { useOwnPostgresWithInstances } from './support/lifecycle';

/**
 * Three instances started at the same moment against one empty database, as a deploy of a new
 * cluster does: the migrations run once (TypeORM's `migrations` table holds each exactly once),
 * and all three become ready and serve the same data, feed cursors included.
 */
jest.setTimeout(120_000);

describe('three instances starting against one empty database', () => {
  const { pg, instances } = useOwnPostgresWithInstances();

  it('runs each migration once, and all three become ready', async () => {
    const tables = await pg.client((db) => db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`));
    expect(tables.rows[0].n).toBe(0);

    const env = { DATABASE_URL: pg.url, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info' };
    // `instances` holds every process started (stopped after the spec), `ready` the three serving.
    const ready = await Promise.all([0, 1, 2].map(() => spawnReady(env, { timeoutMs: 90_000, track: (s) => instances.push(s) })));

    const applied = await pg.client(async (db) => (await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows);
    const expected = MIGRATIONS.map((Migration) => new Migration().name);
    expect(applied.map((row) => row.name).sort()).toEqual([...expected].sort());
    expect(applied).toHaveLength(expected.length);
    // One process applied them (a start made again on another port included); the others found nothing pending.
    const appliers = instances.filter((instance) => instance.output().includes('"msg":"migrations applied"'));
    expect(appliers).toHaveLength(1);

    // One database behind all three: what one writes, the others read.
    const key = await signUpWithKey(`http://127.0.0.1:${ready[0].port}`);
    const list = await jsonRequest(ready[1].port, 'POST', '/v1/lists', { key, body: { name: 'started together' } });
    expect(list.status).toBe(200);
    const read = await jsonRequest(ready[2].port, 'GET', `/v1/lists/${list.body.data.list.id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body.data.list.name).toBe('started together');
    // The secret that signs feed cursors is made at the first start and kept in the database: a
    // cursor one instance gives out, the others accept (each making its own would answer 400).
    const marked = await jsonRequest(ready[0].port, 'GET', '/v1/events?after=now', { key });
    expect(marked.status).toBe(200);
    for (const instance of ready.slice(1)) {
      const next = await jsonRequest(instance.port, 'GET', `/v1/events?after=${encodeURIComponent(marked.body.data.next_cursor)}`, { key });
      expect(next.status).toBe(200);
    }
  });
});
