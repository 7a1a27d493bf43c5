import { randomUUID } from 'node:crypto';
import { MIGRATIONS } from '../src/database/migrations';
import { eventPayloadSql, eventsOfRowSql } from '../src/modules/events/persistence/events.sql';
import { ItemFields1763801500000 } from '../src/database/migrations/1763801500000-item-fields';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { eventsOf, feedUntil } from './support/feed';
import { client, listsWorld, summary, type Caller, type Client } from './support/lists-client';
import { migratedWith, ownDatabase } from './support/own-database';
import { NO_RATE_LIMITS, useTestApp } from './support/test-app';

type Item = Record<string, unknown> & { id: string; version: number; position: string; updated_at: string; created_at: string };
type Event = { type: string; data: { item: Item } };

/**
 * The item's fields of API.md section 13 over HTTP: adding with fields (object entries mixed
 * with texts), the defaults of an old-style add, every validation rule (a 400 naming the field,
 * nothing written), the assignee rule (422), one item's GET with ETag and 304, test mode, the
 * events' item, and the migration's backfill of items written before it.
 */
describe('item fields (e2e)', () => {
  const t = useTestApp({ ...NO_RATE_LIMITS });
  const w = listsWorld(t);

  let owner: Caller;
  let member: Caller;
  let stranger: Caller;
  let as: Client;
  let listId: string;

  beforeEach(async () => {
    [owner, member, stranger] = await Promise.all([w.caller(), w.caller(), w.caller()]);
    as = w.as(owner);
    listId = (await as.post('/v1/lists', { name: `fields ${randomUUID()}` }).expect(200)).body.data.list.id;
    const link = await as.post(`/v1/lists/${listId}/shares`, { role: 'editor' }).expect(200);
    await w.as(member).post(`/v1/shares/${link.body.data.share.token}/join`).expect(200);
  });

  const page = async (c: Client = as): Promise<Item[]> => (await c.get(`/v1/lists/${listId}/items?limit=500`).expect(200)).body.data.items;
  const add = (items: unknown[], c: Client = as) => c.post('/v1/actions/add', { list: listId, items });

  it('adds object entries mixed with texts, each with the fields it sets and the defaults for the rest', async () => {
    const res = await add([
      'milk',
      {
        text: '  Call the plumber ',
        notes: '  Ask about the boiler\ntoo  ',
        due: { date: '2026-03-29', time: '02:30', time_zone: 'europe/berlin', recurrence: 'FREQ=WEEKLY;BYDAY=SU', at: 'ignored' },
        priority: 'high',
        labels: [' home ', 'Urgent'],
        assignee: 'me',
      },
      { text: 'bread', due: { date: '2026-12-01' }, assignee: member.id, priority: 'low' },
    ]).expect(200);
    const [milk, plumber, bread] = res.body.data.items as Item[];
    expect(milk).toMatchObject({ text: 'milk', notes: '', due: null, priority: 'none', labels: [], assignee: null, version: 1 });
    expect(plumber).toMatchObject({
      text: 'Call the plumber',
      notes: 'Ask about the boiler\ntoo',
      // 02:30 does not exist that night in Berlin: the time after the gap (section 13, docs/API.md).
      due: {
        date: '2026-03-29',
        time: '02:30',
        time_zone: 'Europe/Berlin',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU',
        at: '2026-03-29T01:30:00.000Z',
      },
      priority: 'high',
      labels: ['home', 'Urgent'],
      assignee: summary(owner),
      version: 1,
    });
    expect(bread).toMatchObject({
      due: { date: '2026-12-01', time: null, time_zone: null, recurrence: null, at: null },
      assignee: summary(member),
      priority: 'low',
    });
    for (const item of [milk, plumber, bread]) expect(item.updated_at).toBe(item.created_at);
    expect([milk.position, plumber.position, bread.position]).toEqual([milk.position, plumber.position, bread.position].sort());
    // The page (rendered by PostgreSQL) and the single item show exactly what the add answered.
    expect(await page()).toEqual([milk, plumber, bread]);
    expect((await as.get(`/v1/lists/${listId}/items/${plumber.id}`).expect(200)).body.data.item).toEqual(plumber);
  });

  it('gives an old-style add the defaults, and complete and reopen move version and updated_at', async () => {
    const [item] = (await add(['tea']).expect(200)).body.data.items as Item[];
    expect(item).toMatchObject({ notes: '', due: null, priority: 'none', labels: [], assignee: null, version: 1 });
    const done = (await as.post('/v1/actions/complete', { list: listId, items: [item.id] }).expect(200)).body.data.items[0] as Item;
    expect(done).toMatchObject({ completed: true, version: 2, updated_at: done.completed_at });
    // A no-op completion changes nothing, the version included.
    expect((await as.post('/v1/actions/complete', { list: listId, items: [item.id] }).expect(200)).body.data.items[0]).toEqual(done);
    const reopened = (await as.post('/v1/actions/reopen', { list: listId, items: [item.id] }).expect(200)).body.data.items[0] as Item;
    expect(reopened.version).toBe(3);
    expect(await page()).toEqual([reopened]);
  });

  describe('validation: a 400 naming the field, and nothing written', () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['notes too long', { text: 'x', notes: 'n'.repeat(10_001) }, /items\[1\]\.notes must be at most 10000 characters/],
      ['notes with NUL', { text: 'x', notes: 'a\u0000b' }, /items\[1\]\.notes must not contain NUL/],
      ['notes not a string', { text: 'x', notes: 5 }, /items\[1\]\.notes must be a string/],
      ['a date that is no calendar date', { text: 'x', due: { date: '2026-02-30' } }, /items\[1\]\.due\.date/],
      ['a due without a date', { text: 'x', due: { time: '09:00', time_zone: 'UTC' } }, /items\[1\]\.due\.date/],
      ['a time without a zone', { text: 'x', due: { date: '2026-02-03', time: '09:00' } }, /items\[1\]\.due\.time_zone/],
      [
        'an unknown zone',
        { text: 'x', due: { date: '2026-02-03', time: '09:00', time_zone: 'Mars/Olympus' } },
        /items\[1\]\.due\.time_zone/,
      ],
      ['a bad time', { text: 'x', due: { date: '2026-02-03', time: '24:00', time_zone: 'UTC' } }, /items\[1\]\.due\.time/],
      ['an RRULE: prefix', { text: 'x', due: { date: '2026-02-03', recurrence: 'RRULE:FREQ=DAILY' } }, /items\[1\]\.due\.recurrence/],
      ['an unknown priority', { text: 'x', priority: 'urgent' }, /items\[1\]\.priority must be one of/],
      ['eleven labels', { text: 'x', labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, /items\[1\]\.labels must hold at most 10/],
      ['a label too long', { text: 'x', labels: ['l'.repeat(41)] }, /items\[1\]\.labels\[0\] must be 1-40 characters/],
      ['a blank label', { text: 'x', labels: ['ok', '  '] }, /items\[1\]\.labels\[1\] must be 1-40 characters/],
      ['a label repeated in another case', { text: 'x', labels: ['Home', 'work', 'HOME'] }, /items\[1\]\.labels\[2\] repeats a label/],
      ['an assignee that is no user id', { text: 'x', assignee: 'bob' }, /items\[1\]\.assignee must be a user id/],
      ['an unknown member', { text: 'x', colour: 'red' }, /items\[1\]\.colour should not exist/],
      ['an object without a text', { notes: 'x' }, /items\[1\]\.text is required/],
      ['a blank text', { text: '   ' }, /items\[1\]\.text must be 1-500 characters/],
      ['an entry that is neither', 7, /each entry of items must be a text or an object/],
    ];
    it.each(cases)('%s', async (_name, entry, message) => {
      const res = await add(['fine', entry]).expect(400);
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
      expect(await page()).toEqual([]);
    });
  });

  it('assigns only the owner or a member: anyone else is a 422 naming them, and nothing is added', async () => {
    const res = await add(['a', { text: 'b', assignee: stranger.id }]).expect(422);
    expect(res.body.error).toContain(stranger.id);
    await add([{ text: 'c', assignee: randomUUID() }]).expect(422);
    expect(await page()).toEqual([]);
    // A member who has left is no longer one.
    await w.as(member).delete(`/v1/lists/${listId}/members/${member.id}`).expect(200);
    expect((await add([{ text: 'd', assignee: member.id }]).expect(422)).body.error).toContain(member.id);
    expect(await page()).toEqual([]);
  });

  describe('GET /v1/lists/:id/items/:item_id', () => {
    it('answers {item} with its version as ETag, 304 without a body while it is unchanged, and 200 again after a change', async () => {
      const [item] = (await add([{ text: 'x', labels: ['a'] }]).expect(200)).body.data.items as Item[];
      const path = `/v1/lists/${listId}/items/${item.id}`;
      const first = await as.get(path).expect(200);
      expect(first.headers.etag).toBe('"1"');
      expect(first.body).toEqual({ data: { item }, error: null });
      // A member reads it too.
      expect((await w.as(member).get(path).expect(200)).body.data.item).toEqual(item);

      const cached = await as.get(path).set('If-None-Match', '"1"').expect(304);
      expect(cached.text).toBe('');
      expect(cached.headers.etag).toBe('"1"');
      expect(cached.headers['content-type']).toBeUndefined();
      await as.get(path).set('If-None-Match', 'W/"1", "7"').expect(304);

      await as.post('/v1/actions/complete', { list: listId, items: [item.id] }).expect(200);
      const changed = await as.get(path).set('If-None-Match', '"1"').expect(200);
      expect(changed.headers.etag).toBe('"2"');
      expect(changed.body.data.item).toMatchObject({ completed: true, version: 2 });
    });

    it("is a 404 for a stranger's list, an unknown or malformed item, and an item of another list", async () => {
      const [item] = (await add(['x']).expect(200)).body.data.items as Item[];
      await w.as(stranger).get(`/v1/lists/${listId}/items/${item.id}`).expect(404);
      await as.get(`/v1/lists/${listId}/items/${randomUUID()}`).expect(404);
      await as.get(`/v1/lists/${listId}/items/not-an-id`).expect(404);
      const other = (await as.post('/v1/lists', { name: `other ${randomUUID()}` }).expect(200)).body.data.list.id;
      const res = await as.get(`/v1/lists/${other}/items/${item.id}`).expect(404);
      expect(res.body).toEqual({ data: null, error: expect.any(String) });
    });

    it("holds a restricted key to its lists and a test key to the sandbox's items", async () => {
      const [item] = (await add(['x']).expect(200)).body.data.items as Item[];
      const path = `/v1/lists/${listId}/items/${item.id}`;
      const elsewhere = (await as.post('/v1/lists', { name: `elsewhere ${randomUUID()}` }).expect(200)).body.data.list.id;
      const fenced = client(t.server, (await makeRestrictedKey(t.app, owner.id, { listIds: [elsewhere] })).key);
      await fenced.get(path).expect(404);
      const reader = client(t.server, (await makeRestrictedKey(t.app, owner.id, { scopes: ['items:read'], listIds: [listId] })).key);
      expect((await reader.get(path).expect(200)).body.data.item).toEqual(item);
      const noScope = client(t.server, (await makeRestrictedKey(t.app, owner.id, { scopes: ['lists:read'] })).key);
      await noScope.get(path).expect(403);

      const test = client(t.server, (await makeRestrictedKey(t.app, owner.id, { mode: 'test' })).key);
      await test.get(path).expect(404);
      const sandboxList = (await test.post('/v1/lists', { name: 'sandbox' }).expect(200)).body.data.list.id;
      const [sandboxed] = (
        await test
          .post('/v1/actions/add', {
            list: sandboxList,
            items: [{ text: 'y', due: { date: '2026-05-01' }, assignee: 'me', labels: ['s'] }],
          })
          .expect(200)
      ).body.data.items as Item[];
      expect(sandboxed).toMatchObject({ assignee: summary(owner), labels: ['s'], due: { date: '2026-05-01' } });
      expect((await test.get(`/v1/lists/${sandboxList}/items/${sandboxed.id}`).expect(200)).body.data.item).toEqual(sandboxed);
      expect((await test.get(`/v1/lists/${sandboxList}/items`).expect(200)).body.data.items).toEqual([sandboxed]);
    });
  });

  it("carries every field of the item in the events' item, as it was then", async () => {
    const { cursor: start } = await feedUntil(eventsOf<Event>(as, `&list_id=${listId}`), () => true, { what: 'the feed so far' });
    const [plain, rich] = (
      await add([
        'plain',
        {
          text: 'rich',
          notes: 'n',
          due: { date: '2026-07-04', time: '12:00', time_zone: 'America/New_York' },
          priority: 'medium',
          labels: ['x', 'Y'],
          assignee: member.id,
        },
      ]).expect(200)
    ).body.data.items as Item[];
    const done = (await as.post('/v1/actions/complete', { list: listId, items: [rich.id] }).expect(200)).body.data.items[0] as Item;
    const { events } = await feedUntil(eventsOf<Event>(as, `&list_id=${listId}`), 3, { after: start, what: 'the add and the completion' });
    expect(events.map((e) => e.type)).toEqual(['item.added', 'item.added', 'item.completed']);
    expect(events.map((e) => e.data.item)).toEqual([plain, rich, done]);
  });
});

describe('migration 1763801500000-item-fields and its backfill', () => {
  it('give items written before it the defaults, their order of creation as positions, and their events the same', async () => {
    const database = await ownDatabase('itemfields');
    const migrated = (migrations: typeof MIGRATIONS) => migratedWith(database, migrations);
    let ds = await migrated(MIGRATIONS.slice(0, MIGRATIONS.indexOf(ItemFields1763801500000)));
    try {
      await ds.runMigrations();
      const owner = randomUUID();
      await ds.query(
        `INSERT INTO users (id, email, username, name, password_hash, created_at) VALUES ($1, 'f@example.test', 'f', 'F', 'x', now())`,
        [owner],
      );
      const lists = [randomUUID(), randomUUID()];
      for (const [i, id] of lists.entries()) {
        await ds.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $3, now(), now())`, [
          id,
          owner,
          `l${i}`,
        ]);
      }
      // Interleaved between the lists, so that each list's seqs have gaps.
      const ids: string[][] = [[], []];
      for (let n = 0; n < 6; n++) {
        const id = randomUUID();
        ids[n % 2].push(id);
        await ds.query(`INSERT INTO items (id, list_id, text, text_key, created_at, created_by) VALUES ($1, $2, $3, $3, $4, $5)`, [
          id,
          lists[n % 2],
          `t${n}`,
          new Date(Date.UTC(2026, 0, 1 + n)),
          owner,
        ]);
      }
      await ds.query(
        `INSERT INTO events (id, txid, type, list_id, created_at, list_name, actor, item_ids, item_texts, item_created_at, item_created_by)
         VALUES ('evt_0123456789abcdef0123456789ab', pg_current_xact_id(), 'item.added', $1, now(), 'l0', '{}'::json, ARRAY[$2::uuid], ARRAY['t0'],
                 ARRAY['2026-01-01T00:00:00Z'::timestamptz], ARRAY[$3::uuid])`,
        [lists[0], ids[0][0], owner],
      );
      await ds.destroy();

      ds = await migrated(MIGRATIONS);
      await ds.runMigrations();
      for (const [i, list] of lists.entries()) {
        const rows = await ds.query<Array<Record<string, unknown>>>(
          `SELECT id, notes, due_date, priority, labels, label_keys, assignee_id, position, updated_at = created_at AS touched_at_creation, version
             FROM items WHERE list_id = $1 ORDER BY position`,
          [list],
        );
        expect(rows.map((r) => r.id)).toEqual(ids[i]);
        for (const row of rows) {
          expect(row).toMatchObject({
            notes: '',
            due_date: null,
            priority: 0,
            labels: [],
            label_keys: [],
            assignee_id: null,
            touched_at_creation: true,
            version: 1,
          });
          expect(row.position).toMatch(/^[0-9a-f]{16}V$/);
        }
      }
      // A writer that names only the old columns (the previous release) still gets a position and updated_at.
      const late = randomUUID();
      await ds.query(`INSERT INTO items (id, list_id, text, text_key, created_at, created_by) VALUES ($1, $2, 'late', 'late', now(), $3)`, [
        late,
        lists[0],
        owner,
      ]);
      const [row] = await ds.query(`SELECT position, updated_at = created_at AS same FROM items WHERE id = $1`, [late]);
      expect(row.same).toBe(true);
      const [last] = await ds.query(`SELECT id FROM items WHERE list_id = $1 ORDER BY position DESC LIMIT 1`, [lists[0]]);
      expect(last.id).toBe(late);
      // An event recorded before shows its item with the defaults.
      const [event] = await ds.query(
        `SELECT (${eventPayloadSql('e', 'x')})::text AS payload FROM events e CROSS JOIN ${eventsOfRowSql('e', 'x')} WHERE e.list_id = $1`,
        [lists[0]],
      );
      expect(JSON.parse(event.payload).data.item).toEqual({
        id: ids[0][0],
        list_id: lists[0],
        text: 't0',
        notes: '',
        completed: false,
        created_at: '2026-01-01T00:00:00.000Z',
        created_by: owner,
        completed_at: null,
        completed_by: null,
        due: null,
        priority: 'none',
        labels: [],
        assignee: null,
        position: '',
        updated_at: '2026-01-01T00:00:00.000Z',
        version: 1,
      });
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await database.drop();
    }
  });
});
