import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { itemsWorld, ListRef } from './support/items-world';
import { NO_RATE_LIMIT, startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/**
 * Items under concurrency, against real PostgreSQL: parallel adds, the 10,000-item limit
 * near its edge, one Idempotency-Key sent many times at once, and counters that stay
 * exact while completes, removes and adds race.
 */
describe('items under concurrency (e2e)', () => {
  jest.setTimeout(30_000);

  let t: TestApp;
  let w: ReturnType<typeof itemsWorld>;

  // The pool must hold every request of a burst at once for them all to meet in PostgreSQL.
  // The list is held until the whole burst waits behind it, which on a busy machine can take
  // longer than the 4 s default lock timeout: the requests that came first would give up (503)
  // before the last ones arrived, and the burst would never be queued all at once.
  beforeAll(async () => {
    t = await startTestApp({
      ...NO_RATE_LIMIT,
      DB_POOL_SIZE: '60',
      DB_LOCK_TIMEOUT_MS: '30000',
      DB_STATEMENT_TIMEOUT_MS: '30000',
      DB_QUERY_TIMEOUT_MS: '31000',
    });
    w = itemsWorld(t);
  });
  afterAll(() => t.close());

  /**
   * Holds the list's row lock from a connection of its own, so that a burst of requests
   * piles up inside PostgreSQL; `releaseWhenQueued(n)` waits until `n` backends are queued behind it
   * (directly or behind one another) before letting go. Requests that merely ran one
   * after another would never show the race this is meant to provoke.
   */
  async function holdList(list: ListRef, burst: number) {
    // Opening connections is slow next to the requests themselves: open them first.
    await Promise.all(Array.from({ length: burst }, () => w.dataSource().query('SELECT pg_sleep(0.01)')));
    const blocker = new Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM lists WHERE id = $1 FOR UPDATE', [list.id]);
    const [{ pid }] = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows;
    return {
      /** `last`, when given, runs in the holder's transaction just before it commits. */
      async releaseWhenQueued(n: number, last?: (holder: Client) => Promise<unknown>): Promise<void> {
        let most = 0;
        try {
          await waitFor(
            async () => {
              // The holder asks inside its transaction, where pg_stat_activity is a snapshot taken
              // at its first read: without clearing it, a request on a connection the pool opened
              // after that (the service's own background reads take pooled connections too) would
              // not be counted, and the burst would look one short.
              await blocker.query('SELECT pg_stat_clear_snapshot()');
              const { rows } = await blocker.query(
                `WITH RECURSIVE queue(pid) AS (
                   SELECT $1::int
                   UNION
                   SELECT a.pid FROM pg_stat_activity a JOIN queue q ON q.pid = ANY(pg_blocking_pids(a.pid))
                 )
                 SELECT count(*)::int - 1 AS queued FROM queue`,
                [pid],
              );
              most = Math.max(most, rows[0].queued);
              return rows[0].queued >= n;
            },
            { what: () => `${n} requests queued at once behind the held list (at most ${most} were)`, timeoutMs: 15_000 },
          );
          if (last) await last(blocker);
        } finally {
          await blocker.query('COMMIT');
          await blocker.end();
        }
      },
    };
  }

  /** What the items table really holds for the list, to hold the kept counters against. */
  const truth = async (list: ListRef) => {
    const [row] = await w
      .dataSource()
      .query('SELECT count(*)::int AS items, count(*) FILTER (WHERE NOT completed)::int AS open FROM items WHERE list_id = $1', [list.id]);
    return { item_count: row.items as number, open_item_count: row.open as number };
  };

  const expectExactCounters = async (list: ListRef, owner: { key: string }) => {
    const real = await truth(list);
    expect(await w.counters(list)).toMatchObject(real);
    const shown = (await w.as(owner).get(`/v1/lists/${list.id}`).expect(200)).body.data.list;
    expect({ item_count: shown.item_count, open_item_count: shown.open_item_count }).toEqual(real);
    return real;
  };

  it('50 parallel adds of one item each: exactly 50 items, counts exact', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const hold = await holdList(list, 50);
    const burst = Promise.all(
      Array.from({ length: 50 }, (_, i) => w.as(owner).post('/v1/actions/add', { list: list.id, items: [`parallel ${i}`] })),
    );
    await hold.releaseWhenQueued(50);
    const responses = await burst;
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const items = await w.allItems(owner, list);
    expect(items).toHaveLength(50);
    expect(new Set(items.map((i) => i.text)).size).toBe(50);
    expect(await expectExactCounters(list, owner)).toEqual({ item_count: 50, open_item_count: 50 });
  });

  it('an add that waited for the list while it was deleted answers 404 and writes nothing', async () => {
    const owner = await w.person();
    const list = await w.newList(owner, 'Doomed');
    const held = await holdList(list, 1);
    const add = w.as(owner).post('/v1/actions/add', { list: 'doomed', items: ['too late'] });
    const [response] = await Promise.all([
      add,
      held.releaseWhenQueued(1, (holder) => holder.query('DELETE FROM lists WHERE id = $1', [list.id])),
    ]);
    // The list was there when the add's statement began (it picked it by name), and gone once its lock was free.
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ data: null, error: expect.stringMatching(/not found/i) });
    const [row] = await w.dataSource().query('SELECT count(*)::int AS n FROM items WHERE list_id = $1', [list.id]);
    expect(row.n).toBe(0);
  });

  it('10 parallel adds with one Idempotency-Key: one effect, every caller gets the same answer', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const key = randomUUID();
    const body = { list: list.id, items: ['exactly once', 'and this'] };
    // The first holds the key while it waits for the list; the nine others wait for the key.
    const hold = await holdList(list, 10);
    const burst = Promise.all(Array.from({ length: 10 }, () => w.as(owner).post('/v1/actions/add', body, { 'Idempotency-Key': key })));
    await hold.releaseWhenQueued(10);
    const responses = await burst;
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(await w.allItems(owner, list)).toEqual(responses[0].body.data.items);
    expect(await expectExactCounters(list, owner)).toEqual({ item_count: 2, open_item_count: 2 });
  });

  it('one Idempotency-Key sent at once with different bodies: one effect, the rest replayed or refused', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const key = randomUUID();
    const hold = await holdList(list, 10);
    const burst = Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        w.as(owner).post('/v1/actions/add', { list: list.id, items: [i % 2 === 0 ? 'even' : 'odd'] }, { 'Idempotency-Key': key }),
      ),
    );
    await hold.releaseWhenQueued(10);
    const responses = await burst;
    const fresh = responses.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    const winner = fresh[0].body.data.items[0].text;
    // Every request with the winner's body replays it; every other body is a reuse of the key (422).
    responses.forEach((r, i) => {
      const sent = i % 2 === 0 ? 'even' : 'odd';
      if (sent === winner) {
        expect(r.status).toBe(200);
        expect(r.text).toBe(fresh[0].text);
      } else {
        expect(r.status).toBe(422);
      }
    });
    expect((await w.allItems(owner, list)).map((i) => i.text)).toEqual([winner]);
  });

  it('near the 10,000 limit, parallel adds fill the list exactly and never overshoot', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    await w.fillDirectly(list, owner.id, 9_990);
    const hold = await holdList(list, 30);
    const burst = Promise.all(
      Array.from({ length: 30 }, (_, i) => w.as(owner).post('/v1/actions/add', { list: list.id, items: [`late ${i}`] })),
    );
    await hold.releaseWhenQueued(30);
    const responses = await burst;
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = responses.filter((r) => r.status === 422);
    expect(refused).toHaveLength(20);
    refused.forEach((r) => expect(r.body.error).toMatch(/10,000 items/));
    expect(await expectExactCounters(list, owner)).toEqual({ item_count: 10_000, open_item_count: 10_000 });
  });

  it('batches racing for the last places: each is all or nothing, and the total stays within 10,000', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    await w.fillDirectly(list, owner.id, 9_990);
    const hold = await holdList(list, 12);
    const burst = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        w.as(owner).post('/v1/actions/add', { list: list.id, items: [`b${i}-1`, `b${i}-2`, `b${i}-3`] }),
      ),
    );
    await hold.releaseWhenQueued(12);
    const responses = await burst;
    const accepted = responses.filter((r) => r.status === 200).length;
    expect(responses.filter((r) => r.status === 422)).toHaveLength(12 - accepted);
    // 10 places, 3 per batch: exactly 3 batches fit, whatever order they came in.
    expect(accepted).toBe(3);
    expect(await expectExactCounters(list, owner)).toEqual({ item_count: 9_999, open_item_count: 9_999 });
  });

  it('completes of one text racing each other take distinct items; the surplus gets 404', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    await w.add(
      owner,
      list,
      Array.from({ length: 10 }, () => 'milk'),
    );
    const hold = await holdList(list, 15);
    const burst = Promise.all(
      Array.from({ length: 15 }, () => w.as(owner).post('/v1/actions/complete', { list: list.id, items: ['milk'] })),
    );
    await hold.releaseWhenQueued(15);
    const responses = await burst;
    const done = responses.filter((r) => r.status === 200);
    expect(done).toHaveLength(10);
    expect(responses.filter((r) => r.status === 404)).toHaveLength(5);
    expect(new Set(done.map((r) => r.body.data.items[0].id)).size).toBe(10);
    expect(await expectExactCounters(list, owner)).toEqual({ item_count: 10, open_item_count: 0 });
  });

  it('keeps item_count and open_item_count exact while adds, completes, reopens and removes race', async () => {
    const [owner, editor] = await Promise.all([w.person(), w.person()]);
    const list = await w.newList(owner);
    await w.share(owner, list, 'editor', editor);
    const seeded = await w.add(
      owner,
      list,
      Array.from({ length: 60 }, (_, i) => `s${i}`),
    );
    await w
      .as(owner)
      .post('/v1/actions/complete', { list: list.id, items: seeded.slice(40).map((i) => i.id) })
      .expect(200);
    const who = (i: number) => (i % 2 === 0 ? owner : editor);
    const requests = [
      ...Array.from({ length: 20 }, (_, i) => w.as(who(i)).post('/v1/actions/add', { list: list.id, items: [`n${i}`, `m${i}`] })),
      ...seeded.slice(0, 20).map((item, i) => w.as(who(i)).post('/v1/actions/complete', { list: list.id, items: [item.id] })),
      ...seeded.slice(40, 50).map((item, i) => w.as(who(i)).post('/v1/actions/reopen', { list: list.id, items: [item.id] })),
      ...seeded.slice(10, 30).map((item, i) => w.as(who(i)).post('/v1/actions/remove', { list: list.id, items: [item.id] })),
      ...seeded.slice(50).map((item, i) => w.as(who(i)).post('/v1/actions/remove', { list: list.id, items: [item.id] })),
    ];
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    // A complete that loses the race against the remove of its item finds nothing: 404, changing nothing.
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(10);
    const counts = await expectExactCounters(list, owner);
    // 60 seeded + 40 added − 20 removed (10..29) − 10 removed (50..59).
    expect(counts.item_count).toBe(70);
    // Open: 0..9 completed; 30..39 open; 40..49 reopened; the 40 new ones open.
    expect(counts.open_item_count).toBe(60);
  });
});
