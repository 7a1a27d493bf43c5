import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ISO_WITH_MS, itemsWorld, ListRef, Person } from './support/items-world';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

/**
 * The items routes over HTTP (API.md sections 3 and 6, and the published interface's
 * POST /v1/actions/add): shapes, every status, name resolution, matching, atomicity,
 * and paging. Every refused request is also checked to have changed nothing.
 */
describe('items (e2e)', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const w = itemsWorld(t);
  const { team } = w;

  /** Everything a client can observe of the list's items, to compare before and after a refused request. */
  const snapshot = async (who: Person, list: ListRef) => ({ items: await w.allItems(who, list), counters: await w.counters(list) });

  const errorOf = (res: request.Response) => {
    expect(res.body.data).toBeNull();
    expect(typeof res.body.error).toBe('string');
    return res.body.error as string;
  };

  describe('POST /v1/actions/add', () => {
    it('adds trimmed texts in request order and answers {list: {id, name}, items} with every Item field', async () => {
      const owner = await w.person();
      const list = await w.newList(owner, 'Groceries');
      const res = await w.act(owner, 'add', { list: list.id, items: ['  milk ', 'bread', '\teggs\n'] }, 200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error).toBeNull();
      expect(res.body.data.list).toEqual({ id: list.id, name: 'Groceries' });
      expect(res.body.data.items).toEqual(
        ['milk', 'bread', 'eggs'].map((text) => ({
          id: expect.any(String),
          list_id: list.id,
          text,
          notes: '',
          completed: false,
          created_at: expect.stringMatching(ISO_WITH_MS),
          created_by: owner.id,
          completed_at: null,
          completed_by: null,
          due: null,
          priority: 'none',
          labels: [],
          assignee: null,
          position: expect.any(String),
          updated_at: res.body.data.items[0].created_at,
          version: 1,
        })),
      );
      expect(Object.keys(res.body.data.items[0])).toEqual([
        'id',
        'list_id',
        'text',
        'notes',
        'completed',
        'created_at',
        'created_by',
        'completed_at',
        'completed_by',
        'due',
        'priority',
        'labels',
        'assignee',
        'position',
        'updated_at',
        'version',
      ]);
      const positions = res.body.data.items.map((i: { position: string }) => i.position);
      expect([...positions].sort()).toEqual(positions);
      expect(new Set(res.body.data.items.map((i: { id: string }) => i.id)).size).toBe(3);
      expect(await w.allItems(owner, list)).toEqual(res.body.data.items);
      expect(await w.counters(list)).toMatchObject({ item_count: 3, open_item_count: 3 });
      const read = await w.as(owner).get(`/v1/lists/${list.id}`).expect(200);
      expect(read.body.data.list).toMatchObject({ item_count: 3, open_item_count: 3 });
      expect(read.body.data.list.updated_at).toBe(res.body.data.items[0].created_at);
    });

    it('is not idempotent: the same add twice adds twice (published interface)', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const body = { list: list.id, items: ['milk'] };
      const first = await w.as(owner).post('/v1/actions/add', body).expect(200);
      const second = await w.as(owner).post('/v1/actions/add', body).expect(200);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(second.body.data.items[0].id).not.toBe(first.body.data.items[0].id);
      expect((await w.allItems(owner, list)).map((i) => i.text)).toEqual(['milk', 'milk']);
    });

    it('names the list by id (any letter case) or by name (trimmed, any letter case)', async () => {
      const owner = await w.person();
      const list = await w.newList(owner, 'Hardware Store');
      for (const reference of [list.id, list.id.toUpperCase(), 'hardware store', '  HARDWARE STORE  ']) {
        const res = await w.act(owner, 'add', { list: reference, items: [reference] }, 200);
        expect(res.body.data.list).toEqual({ id: list.id, name: 'Hardware Store' });
      }
      expect((await w.counters(list)).item_count).toBe(4);
    });

    it('resolves a name among own lists first, then lists shared with the caller', async () => {
      const [me, alice, bob] = await Promise.all([w.person(), w.person(), w.person()]);
      const alicesChores = await w.newList(alice, 'Chores');
      await w.share(alice, alicesChores, 'editor', me);
      const onlyShared = await w.act(me, 'add', { list: 'chores', items: ['sweep'] }, 200);
      expect(onlyShared.body.data.list.id).toBe(alicesChores.id);

      const mine = await w.newList(me, 'CHORES');
      const bobsChores = await w.newList(bob, 'Chores');
      await w.share(bob, bobsChores, 'editor', me);
      const own = await w.act(me, 'add', { list: 'Chores', items: ['dust'] }, 200);
      expect(own.body.data.list).toEqual({ id: mine.id, name: 'CHORES' });
      expect((await w.counters(bobsChores)).item_count).toBe(0);
    });

    it('refuses a name that two lists shared by different owners carry (422 naming the problem and suggesting the ids)', async () => {
      const [me, alice, bob] = await Promise.all([w.person(), w.person(), w.person()]);
      const a = await w.newList(alice, 'Trip');
      const b = await w.newList(bob, 'trip');
      await w.share(alice, a, 'editor', me);
      await w.share(bob, b, 'viewer', me);
      for (const action of ['add', 'complete', 'reopen', 'remove']) {
        const res = await w.act(me, action, { list: 'TRIP', items: ['tent'] }, 422);
        const message = errorOf(res);
        expect(message).toMatch(/ambiguous/i);
        expect(message).toContain(a.id);
        expect(message).toContain(b.id);
        expect(message).toMatch(/\bid\b/);
      }
      expect((await w.counters(a)).item_count).toBe(0);
      // The id still reaches either list.
      await w.act(me, 'add', { list: a.id, items: ['tent'] }, 200);
    });

    it('lets owners and editors add; a viewer gets 403; a stranger 404 by id and by name', async () => {
      const { owner, editor, viewer, stranger, list } = await team();
      await w.act(owner, 'add', { list: list.id, items: ['by owner'] }, 200);
      const byEditor = await w.act(editor, 'add', { list: list.name, items: ['by editor'] }, 200);
      expect(byEditor.body.data.items[0].created_by).toBe(editor.id);

      const before = await snapshot(owner, list);
      expect(errorOf(await w.act(viewer, 'add', { list: list.id, items: ['x'] }, 403))).toMatch(/viewer/);
      await w.act(viewer, 'add', { list: list.name, items: ['x'] }, 403);
      expect(errorOf(await w.act(stranger, 'add', { list: list.id, items: ['x'] }, 404))).toMatch(/not found/i);
      await w.act(stranger, 'add', { list: list.name, items: ['x'] }, 404);
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('answers 404 for a list that does not exist, by id, by name, or by a malformed id; actions never create lists', async () => {
      const owner = await w.person();
      for (const reference of [randomUUID(), 'No such list', 'not-a-uuid-1234', '00000000-0000-0000-0000-00000000000g']) {
        await w.act(owner, 'add', { list: reference, items: ['x'] }, 404);
      }
      const lists = await w.as(owner).get('/v1/lists').expect(200);
      expect(lists.body.data.lists).toEqual([]);
    });

    it('counts code points: 500 emoji are one text; 501 characters are a 400', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const emoji = '😀'.repeat(500);
      const res = await w.act(owner, 'add', { list: list.id, items: [emoji, 'x'.repeat(500), 'Grüße, 東京 ✓'] }, 200);
      expect(res.body.data.items.map((i: { text: string }) => i.text)).toEqual([emoji, 'x'.repeat(500), 'Grüße, 東京 ✓']);
      const tooLong = await w.act(owner, 'add', { list: list.id, items: ['x'.repeat(501)] }, 400);
      expect(errorOf(tooLong)).toMatch(/500/);
    });

    it('takes 1-100 texts', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const hundred = Array.from({ length: 100 }, (_, i) => `item ${i + 1}`);
      const res = await w.as(owner).post('/v1/actions/add', { list: list.id, items: hundred }).expect(200);
      expect(res.body.data.items.map((i: { text: string }) => i.text)).toEqual(hundred);
      await w.act(owner, 'add', { list: list.id, items: [...hundred, 'one too many'] }, 400);
      await w.as(owner).post('/v1/actions/add', { list: list.id, items: [] }).expect(400);
      expect((await w.counters(list)).item_count).toBe(100);
    });

    it('refuses every malformed body with a 400 in the envelope, changing nothing', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      await w.add(owner, list, ['keep']);
      const before = await snapshot(owner, list);
      const bad: Array<[string, unknown]> = [
        ['items missing', { list: list.id }],
        ['list missing', { items: ['x'] }],
        ['list not a string', { list: 42, items: ['x'] }],
        ['list blank', { list: '   ', items: ['x'] }],
        ['items not an array', { list: list.id, items: 'x' }],
        ['an item not a string', { list: list.id, items: ['x', 7] }],
        ['an item null', { list: list.id, items: [null] }],
        ['a blank text', { list: list.id, items: ['fine', ' \t '] }],
        ['a NUL', { list: list.id, items: ['fine', 'a\u0000b'] }],
        ['an unknown field', { list: list.id, items: ['x'], extra: true }],
        ['a bare array', [list.id, 'x']],
      ];
      for (const [why, body] of bad) {
        const res = await w.as(owner).post('/v1/actions/add').set('Content-Type', 'application/json').send(JSON.stringify(body));
        expect({ why, status: res.status }).toEqual({ why, status: 400 });
        errorOf(res);
      }
      // A lone surrogate can only be sent as a JSON escape.
      const surrogate = await w
        .as(owner)
        .post('/v1/actions/add')
        .set('Content-Type', 'application/json')
        .send(`{"list":"${list.id}","items":["ok","bad \\ud800 half"]}`)
        .expect(400);
      expect(errorOf(surrogate)).toMatch(/surrogate|unicode/i);
      const nul = await w.act(owner, 'add', { list: list.id, items: ['a\u0000b'] }, 400);
      expect(errorOf(nul)).toMatch(/NUL/);
      await w.as(owner).post('/v1/actions/add').set('Content-Type', 'text/plain').send('milk').expect(400);
      await w.as(owner).post('/v1/actions/add').set('Content-Type', 'application/json').send('{"list": ').expect(400);
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('checks the body (400) before the list (404), the list before the role (403)', async () => {
      const { viewer, stranger, list } = await team();
      await w.act(stranger, 'add', { list: list.id, items: [''] }, 400);
      await w.act(viewer, 'add', { list: list.id, items: [''] }, 400);
      await w.act(viewer, 'add', { list: randomUUID(), items: ['x'] }, 404);
    });

    it('needs a valid key (401) and the items:write scope (403)', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      await request(t.server)
        .post('/v1/actions/add')
        .send({ list: list.id, items: ['x'] })
        .expect(401);
      await request(t.server)
        .post('/v1/actions/add')
        .set('X-API-Key', `sk_live_${'0'.repeat(64)}`)
        .send({ list: list.id, items: ['x'] })
        .expect(401);
      const narrow = await w.personWithScopes(['items:read', 'lists:read', 'lists:write', 'profile:read']);
      const theirs = await w.newList(narrow);
      expect(errorOf(await w.act(narrow, 'add', { list: theirs.id, items: ['x'] }, 403))).toMatch(/items:write/);
      for (const action of ['complete', 'reopen', 'remove']) {
        await w.act(narrow, action, { list: theirs.id, items: ['x'] }, 403);
      }
      expect((await w.counters(theirs)).item_count).toBe(0);
    });
  });

  describe('POST /v1/actions/complete, reopen, remove', () => {
    it('complete takes the oldest open item of that text (case-insensitive, trimmed), recording who and when', async () => {
      const { owner, editor, list } = await team();
      const [milk1, bread, milk2] = await w.add(owner, list, ['Milk', 'bread', 'milk']);
      const res = await w.act(editor, 'complete', { list: list.name, items: ['  MILK '] }, 200);
      expect(res.body.data.list).toEqual({ id: list.id, name: list.name });
      expect(res.body.data.items).toEqual([
        {
          ...milk1,
          completed: true,
          completed_at: expect.stringMatching(ISO_WITH_MS),
          completed_by: editor.id,
          updated_at: res.body.data.items[0].completed_at,
          version: 2,
        },
      ]);
      // The next complete of the same text takes the next oldest open one.
      const next = await w.act(owner, 'complete', { list: list.id, items: ['milk'] }, 200);
      expect(next.body.data.items.map((i: { id: string }) => i.id)).toEqual([milk2.id]);
      expect(next.body.data.items[0].completed_by).toBe(owner.id);
      expect(await w.counters(list)).toMatchObject({ item_count: 3, open_item_count: 1 });
      const stored = await w.allItems(owner, list);
      expect(stored.map((i) => [i.id, i.completed])).toEqual([
        [milk1.id, true],
        [bread.id, false],
        [milk2.id, true],
      ]);
      expect(stored[0]).toEqual(res.body.data.items[0]);
    });

    it('matches texts and list names by Unicode full case folding after NFC: "Straße" is completed as "STRASSE"', async () => {
      const owner = await w.person();
      const list = await w.newList(owner, 'Caf\u00e9 Stra\u00dfe');
      const [strasse, sigma, istanbul] = await w.add(owner, list, ['Straße', 'ΟΔΟΣ', '\u0130stanbul']);
      const res = await w.act(owner, 'complete', { list: 'CAFE\u0301 STRASSE', items: ['STRASSE', 'οδος'] }, 200);
      expect(res.body.data.list).toEqual({ id: list.id, name: 'Caf\u00e9 Stra\u00dfe' });
      expect(res.body.data.items.map((i: { id: string; text: string }) => [i.id, i.text])).toEqual([
        [strasse.id, 'Straße'],
        [sigma.id, 'ΟΔΟΣ'],
      ]);
      // "İ" folds to i + U+0307: a plain "istanbul" is not the same text, the decomposed form is.
      const before = await snapshot(owner, list);
      await w.act(owner, 'complete', { list: list.id, items: ['istanbul'] }, 404);
      expect(await snapshot(owner, list)).toEqual(before);
      const dotted = await w.act(owner, 'complete', { list: list.id, items: ['I\u0307STANBUL'] }, 200);
      expect(dotted.body.data.items[0].id).toBe(istanbul.id);
    });

    it('reopen takes the oldest completed item of that text and clears completed_at and completed_by', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const [a, b, c] = await w.add(owner, list, ['tea', 'tea', 'tea']);
      await w.act(owner, 'complete', { list: list.id, items: [c.id, b.id] }, 200);
      const res = await w.act(owner, 'reopen', { list: list.id, items: ['Tea'] }, 200);
      expect(res.body.data.items).toEqual([
        { ...b, completed: false, completed_at: null, completed_by: null, updated_at: expect.stringMatching(ISO_WITH_MS), version: 3 },
      ]);
      expect(await w.counters(list)).toMatchObject({ item_count: 3, open_item_count: 2 });
      expect((await w.allItems(owner, list)).map((i) => [i.id, i.completed])).toEqual([
        [a.id, false],
        [b.id, false],
        [c.id, true],
      ]);
    });

    it('remove takes the oldest item of any state, answers it as it was, and removes it for good', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const [first, second] = await w.add(owner, list, ['soap', 'soap']);
      const done = (await w.act(owner, 'complete', { list: list.id, items: [first.id] }, 200)).body.data.items[0];
      const res = await w.act(owner, 'remove', { list: list.id, items: ['SOAP'] }, 200);
      expect(res.body.data).toEqual({ list: { id: list.id, name: list.name }, items: [done] });
      expect(await w.allItems(owner, list)).toEqual([second]);
      expect(await w.counters(list)).toMatchObject({ item_count: 1, open_item_count: 1 });
      // Gone for good: neither its id nor anything else brings it back.
      await w.act(owner, 'remove', { list: list.id, items: [first.id] }, 404);
      await w.act(owner, 'reopen', { list: list.id, items: [first.id] }, 404);
    });

    it('never matches one item twice in a request: repeated texts take the next oldest; a repeated id finds nothing more', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const [x1, x2, x3] = await w.add(owner, list, ['x', 'x', 'x']);
      const res = await w.act(owner, 'complete', { list: list.id, items: ['x', x1.id, 'x'] }, 200);
      // The id claims its item first, so the texts take the two after it, in entry order.
      expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual([x2.id, x1.id, x3.id]);

      const list2 = await w.newList(owner);
      const [y] = await w.add(owner, list2, ['y', 'y']);
      const twice = await w.act(owner, 'remove', { list: list2.id, items: [y.id, y.id] }, 404);
      expect(errorOf(twice)).toContain(y.id);
      expect((await w.counters(list2)).item_count).toBe(2);
    });

    it('reports an item already in the target state, by id, as it is (a no-op)', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const [item] = await w.add(owner, list, ['done already']);
      const completed = (await w.act(owner, 'complete', { list: list.id, items: [item.id] }, 200)).body.data.items[0];
      const before = await snapshot(owner, list);
      const again = await w.act(owner, 'complete', { list: list.id, items: [item.id.toUpperCase()] }, 200);
      expect(again.body.data.items).toEqual([completed]);
      expect(await snapshot(owner, list)).toEqual(before);
      // By text, a completed item is not an open one: nothing to complete.
      await w.act(owner, 'complete', { list: list.id, items: ['done already'] }, 404);
      const open = await w.add(owner, list, ['open one']);
      expect((await w.act(owner, 'reopen', { list: list.id, items: [open[0].id] }, 200)).body.data.items).toEqual(open);
      await w.act(owner, 'reopen', { list: list.id, items: ['open one'] }, 404);
    });

    it('changes nothing at all when any entry matches nothing: 404 naming it', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const [a] = await w.add(owner, list, ['apples', 'pears']);
      await w.act(owner, 'complete', { list: list.id, items: ['pears'] }, 200);
      const before = await snapshot(owner, list);
      for (const action of ['complete', 'reopen', 'remove']) {
        const res = await w.act(owner, action, { list: list.id, items: [a.id, 'pears', 'apples', 'plums'] }, 404);
        expect(errorOf(res)).toContain('"plums"');
      }
      await w.act(owner, 'remove', { list: list.id, items: [a.id, randomUUID()] }, 404);
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('does not reach items of another list, even by id', async () => {
      const owner = await w.person();
      const [one, two] = [await w.newList(owner), await w.newList(owner)];
      const [item] = await w.add(owner, one, ['only here']);
      await w.act(owner, 'complete', { list: two.id, items: [item.id] }, 404);
      await w.act(owner, 'remove', { list: two.id, items: ['only here'] }, 404);
      expect(await w.allItems(owner, one)).toEqual([item]);
    });

    it('lets editors write; viewers get 403 and strangers 404, changing nothing', async () => {
      const { owner, editor, viewer, stranger, list } = await team();
      const [a, b] = await w.add(owner, list, ['a', 'b']);
      const before = await snapshot(owner, list);
      for (const action of ['complete', 'reopen', 'remove']) {
        const entry = action === 'reopen' ? a.id : b.id;
        await w.act(viewer, action, { list: list.id, items: [entry] }, 403);
        await w.act(stranger, action, { list: list.id, items: [entry] }, 404);
        await w.act(stranger, action, { list: list.name, items: [entry] }, 404);
      }
      expect(await snapshot(owner, list)).toEqual(before);
      await w.act(editor, 'complete', { list: list.id, items: ['a'] }, 200);
      await w.act(editor, 'reopen', { list: list.id, items: ['a'] }, 200);
      await w.act(editor, 'remove', { list: list.id, items: ['b'] }, 200);
      expect((await w.allItems(viewer, list)).map((i) => i.text)).toEqual(['a']);
    });

    it('refuses malformed entries with a 400, before looking at the list', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      await w.add(owner, list, ['x']);
      for (const action of ['complete', 'reopen', 'remove']) {
        for (const body of [
          { list: list.id, items: [] },
          { list: list.id, items: Array.from({ length: 101 }, () => 'x') },
          { list: list.id, items: ['  '] },
          { list: list.id, items: ['x'.repeat(501)] },
          { list: list.id },
          { items: ['x'] },
          { list: randomUUID(), items: [''] },
        ]) {
          await w.as(owner).post(`/v1/actions/${action}`, body).expect(400);
        }
      }
      expect(await w.counters(list)).toMatchObject({ item_count: 1, open_item_count: 1 });
    });
  });

  describe('GET /v1/lists/:id/items', () => {
    it('answers {list: {id, name}, items, next_cursor}, oldest first, the items of one add in request order', async () => {
      const owner = await w.person();
      const list = await w.newList(owner, 'Ordered');
      const first = await w.add(owner, list, ['c', 'a', 'b']);
      const second = await w.add(owner, list, ['z', 'y']);
      const res = await w.as(owner).get(`/v1/lists/${list.id}/items`).expect(200);
      expect(res.body).toEqual({
        data: { list: { id: list.id, name: 'Ordered' }, items: [...first, ...second], next_cursor: null },
        error: null,
      });
      expect((await w.as(owner).get(`/v1/lists/${list.id.toUpperCase()}/items`).expect(200)).body.data.items).toHaveLength(5);
    });

    it('pages with limit (1-500, default 100) and an opaque cursor; next_cursor is null exactly at the end', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const texts = Array.from({ length: 100 }, (_, i) => `n${i}`);
      await w.add(owner, list, texts);
      const all = await w.as(owner).get(`/v1/lists/${list.id}/items`).expect(200);
      expect(all.body.data.items).toHaveLength(100);
      expect(all.body.data.next_cursor).toBeNull();
      await w.add(owner, list, ['n100']);
      const page1 = await w.as(owner).get(`/v1/lists/${list.id}/items`).expect(200);
      expect(page1.body.data.items.map((i: { text: string }) => i.text)).toEqual(texts);
      expect(typeof page1.body.data.next_cursor).toBe('string');
      const page2 = await w.as(owner).get(`/v1/lists/${list.id}/items?cursor=${page1.body.data.next_cursor}`).expect(200);
      expect(page2.body.data.items.map((i: { text: string }) => i.text)).toEqual(['n100']);
      expect(page2.body.data.next_cursor).toBeNull();

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await w.as(owner).get(`/v1/lists/${list.id}/items?limit=30${suffix}`).expect(200);
        seen.push(...res.body.data.items.map((i: { text: string }) => i.text));
        cursor = res.body.data.next_cursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual([...texts, 'n100']);
      const one = await w.as(owner).get(`/v1/lists/${list.id}/items?limit=1`).expect(200);
      expect(one.body.data.items).toHaveLength(1);
      const max = await w.as(owner).get(`/v1/lists/${list.id}/items?limit=500`).expect(200);
      expect(max.body.data.items).toHaveLength(101);
      expect(max.body.data.next_cursor).toBeNull();
    });

    it('filters by status all, open or completed, and pages each on its own', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const items = await w.add(owner, list, ['o1', 'c1', 'o2', 'c2', 'o3', 'c3']);
      await w.act(owner, 'complete', { list: list.id, items: ['c1', 'c2', 'c3'] }, 200);
      const texts = async (query: string) => (await w.allItems(owner, list, query)).map((i) => i.text);
      expect(await texts('')).toEqual(items.map((i) => i.text));
      expect(await texts('&status=all')).toEqual(items.map((i) => i.text));
      expect(await texts('&status=open')).toEqual(['o1', 'o2', 'o3']);
      expect(await texts('&status=completed')).toEqual(['c1', 'c2', 'c3']);
      const page = await w.as(owner).get(`/v1/lists/${list.id}/items?status=completed&limit=2`).expect(200);
      expect(page.body.data.items.map((i: { text: string }) => i.text)).toEqual(['c1', 'c2']);
      const rest = await w
        .as(owner)
        .get(`/v1/lists/${list.id}/items?status=completed&limit=2&cursor=${page.body.data.next_cursor}`)
        .expect(200);
      expect(rest.body.data.items.map((i: { text: string }) => i.text)).toEqual(['c3']);
      expect(rest.body.data.next_cursor).toBeNull();
    });

    it('refuses bad query values with a 400: limit, status, cursor, unknown parameters', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const other = await w.newList(owner);
      await w.add(owner, list, ['a', 'b']);
      await w.add(owner, other, ['a', 'b']);
      const othersCursor = (await w.as(owner).get(`/v1/lists/${other.id}/items?limit=1`).expect(200)).body.data.next_cursor;
      const forged = Buffer.from(JSON.stringify({ v: 1, l: list.id, s: 'x' })).toString('base64url');
      for (const query of [
        'limit=0',
        'limit=501',
        'limit=-1',
        'limit=1.5',
        'limit=abc',
        'limit=',
        'limit=1e2',
        'status=',
        'status=done',
        'status=OPEN',
        'cursor=',
        'cursor=not-a-cursor',
        `cursor=${forged}`,
        `cursor=${othersCursor}`,
        'page=2',
        'limit=1&limit=2',
      ]) {
        const res = await w.as(owner).get(`/v1/lists/${list.id}/items?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        errorOf(res);
      }
    });

    it('shows the items to every member; strangers and unknown or malformed ids get 404; items:read is needed', async () => {
      const { owner, editor, viewer, stranger, list } = await team();
      const added = await w.add(owner, list, ['shared']);
      for (const member of [owner, editor, viewer]) {
        expect((await w.as(member).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items).toEqual(added);
      }
      await w.as(stranger).get(`/v1/lists/${list.id}/items`).expect(404);
      await w.as(owner).get(`/v1/lists/${randomUUID()}/items`).expect(404);
      await w.as(owner).get('/v1/lists/not-an-id/items').expect(404);
      await request(t.server).get(`/v1/lists/${list.id}/items`).expect(401);
      const narrow = await w.personWithScopes(['lists:read', 'lists:write', 'items:write', 'profile:read']);
      const theirs = await w.newList(narrow);
      await w.as(narrow).get(`/v1/lists/${theirs.id}/items`).expect(403);
    });

    it('returns every item exactly once while items are added and removed between pages (keyset, not OFFSET)', async () => {
      const owner = await w.person();
      const list = await w.newList(owner);
      const texts = Array.from({ length: 60 }, (_, i) => `k${String(i).padStart(2, '0')}`);
      const initial = await w.add(owner, list, texts);
      const removed = new Set<string>();
      const added: string[] = [];
      const seen: string[] = [];
      let cursor: string | null = null;
      let round = 0;
      do {
        const suffix: string = cursor ? `&cursor=${cursor}` : '';
        const res = await w.as(owner).get(`/v1/lists/${list.id}/items?limit=10${suffix}`).expect(200);
        seen.push(...res.body.data.items.map((i: { id: string }) => i.id));
        cursor = res.body.data.next_cursor;
        // Between pages: remove one item already seen and one not yet seen, and add two.
        const victims = [initial[round], initial[59 - round]].filter((item) => !removed.has(item.id));
        if (victims.length > 0) {
          await w.act(owner, 'remove', { list: list.id, items: victims.map((v) => v.id) }, 200);
          victims.forEach((v) => removed.add(v.id));
        }
        added.push(...(await w.add(owner, list, [`new ${round}a`, `new ${round}b`])).map((i) => i.id));
        round += 1;
      } while (cursor && round < 50);
      expect(cursor).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      // Every item present from the first page to the last was seen, in order.
      const survivors = initial.filter((item) => !removed.has(item.id)).map((item) => item.id);
      const seenSurvivors = seen.filter((id) => survivors.includes(id));
      expect(seenSurvivors).toEqual(survivors);
      // Nothing was seen that was not in the list at some point.
      const known = new Set([...initial.map((i) => i.id), ...added]);
      expect(seen.every((id) => known.has(id))).toBe(true);
      const final = await w.allItems(owner, list);
      expect(final.length).toBe((await w.counters(list)).item_count);
    });
  });

  it('answers 422 at 10,000 items per list, saying so, and adds nothing', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    await w.fillDirectly(list, owner.id, 9_998);
    const refused = await w.act(owner, 'add', { list: list.id, items: ['one', 'two', 'three'] }, 422);
    expect(errorOf(refused)).toMatch(/10,000 items/);
    expect(await w.counters(list)).toMatchObject({ item_count: 9_998, open_item_count: 9_998 });
    await w.act(owner, 'add', { list: list.id, items: ['one', 'two'] }, 200);
    await w.act(owner, 'add', { list: list.id, items: ['three'] }, 422);
    await w.act(owner, 'remove', { list: list.id, items: ['one'] }, 200);
    await w.act(owner, 'add', { list: list.id, items: ['three'] }, 200);
    expect(await w.counters(list)).toMatchObject({ item_count: 10_000, open_item_count: 10_000 });
  });
});
