import request from 'supertest';
import { foldKey } from '../src/common/text/fold-key';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { itemsWorld, type ListRef, type Person } from './support/items-world';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

/**
 * The views of items over HTTP on PostgreSQL (API.md section 13, "Views"): every filter and
 * order of GET /v1/lists/:id/items, GET /v1/items across the lists a key sees, cursors bound to
 * their view, and the ETag and 304 of a plain page.
 */
describe('views of items (e2e)', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const w = itemsWorld(t);

  let me: Person;
  let friend: Person;
  let stranger: Person;
  let mine: ListRef;
  let theirs: ListRef;
  let hidden: ListRef;
  const id = new Map<string, string>();

  /** Sets section 13's fields of an item straight in its row (the views read them; how they are written is another route's). */
  async function setFields(
    text: string,
    fields: { due?: [string, string?, string?, string?]; priority?: number; labels?: string[]; assignee?: string; notes?: string },
  ) {
    const [date, time, zone, at] = fields.due ?? [];
    await w.dataSource().query(
      `UPDATE items SET due_date = $2::date, due_time = $3, due_time_zone = $4, due_at = $5::timestamptz, priority = $6,
                labels = $7::text[], label_keys = (SELECT coalesce(array_agg(lower(l)), '{}') FROM unnest($7::text[]) l),
                assignee_id = $8::uuid, notes = $9, notes_key = $10
          WHERE id = $1`,
      [
        id.get(text),
        date ?? null,
        time ?? null,
        zone ?? null,
        at ?? null,
        fields.priority ?? 0,
        fields.labels ?? [],
        fields.assignee ?? null,
        fields.notes ?? '',
        foldKey(fields.notes ?? ''),
      ],
    );
  }

  const texts = (body: { data: { items: Array<{ text: string }> } }) => body.data.items.map((item) => item.text);

  /** The texts of a view of my list, as I see it. */
  async function view(query: string, list: ListRef = mine) {
    const res = await w.as(me).get(`/v1/lists/${list.id}/items?${query}`);
    expect({ query, status: res.status, error: res.body.error }).toEqual({ query, status: 200, error: null });
    return texts(res.body);
  }

  /** The texts of GET /v1/items as `who` sees them. */
  async function found(query: string, who: Pick<Person, 'key'> = me) {
    const res = await w.as(who).get(`/v1/items?${query}`);
    expect({ query, status: res.status, error: res.body.error }).toEqual({ query, status: 200, error: null });
    return res.body.data as { items: Array<{ text: string; list_id: string }>; lists: ListRef[]; next_cursor: string | null };
  }

  beforeAll(async () => {
    [me, friend, stranger] = await Promise.all([w.person(), w.person(), w.person()]);
    mine = await w.newList(me, 'Mine');
    theirs = await w.newList(friend, 'Theirs');
    hidden = await w.newList(stranger, 'Hidden');
    await w.share(friend, theirs, 'editor', me);
    await w.share(me, mine, 'editor', friend);
    for (const item of await w.add(me, mine, ['a', 'b', 'c', 'd', 'e', 'Buy milk', 'g'])) id.set(item.text, item.id);
    for (const item of await w.add(friend, theirs, ['t1', 't2'])) id.set(item.text, item.id);
    for (const item of await w.add(stranger, hidden, ['h1'])) id.set(item.text, item.id);
    await setFields('a', { due: ['2026-03-05'], priority: 3, labels: ['Work'], assignee: me.id, notes: 'call Bob' });
    await setFields('b', {
      due: ['2026-03-05', '09:00', 'Europe/Berlin', '2026-03-05T08:00:00.000Z'],
      priority: 1,
      labels: ['home', 'Errands'],
    });
    await setFields('c', { priority: 2, assignee: friend.id });
    await setFields('d', { due: ['2026-03-01'], labels: ['work'], assignee: me.id });
    await setFields('e', { due: ['2026-03-10', '18:00', 'America/New_York', '2026-03-10T22:00:00.000Z'], priority: 3 });
    await setFields('Buy milk', { notes: 'oat MILK please' });
    await setFields('g', { due: ['2026-03-05', '08:30', 'Asia/Tokyo', '2026-03-04T23:30:00.000Z'] });
    await setFields('t1', { due: ['2026-03-02'], assignee: me.id, labels: ['Work'] });
    await setFields('t2', { due: ['2026-03-06'], assignee: friend.id });
    await setFields('h1', { due: ['2026-03-01'], assignee: stranger.id });
    // e completed (a later updated_at, through the route); then nothing else changes the rows.
    await w.act(me, 'complete', { list: mine.id, items: [id.get('e')] }, 200);
  });

  describe('GET /v1/lists/:id/items', () => {
    it('orders by position by default, and by due, created, updated or priority, ties by position', async () => {
      expect(await view('')).toEqual(['a', 'b', 'c', 'd', 'e', 'Buy milk', 'g']);
      expect(await view('sort=position')).toEqual(['a', 'b', 'c', 'd', 'e', 'Buy milk', 'g']);
      expect(await view('sort=due')).toEqual(['d', 'a', 'g', 'b', 'e', 'c', 'Buy milk']);
      expect(await view('sort=created')).toEqual(['a', 'b', 'c', 'd', 'e', 'Buy milk', 'g']);
      expect(await view('sort=updated')).toEqual(['e', 'a', 'b', 'c', 'd', 'Buy milk', 'g']);
      expect(await view('sort=priority')).toEqual(['a', 'e', 'c', 'b', 'd', 'Buy milk', 'g']);
    });

    it('filters by each parameter, combined with AND and with status', async () => {
      const cases: Array<[string, string[]]> = [
        ['due_from=2026-03-05', ['a', 'b', 'e', 'g']],
        ['due_to=2026-03-05', ['a', 'b', 'd', 'g']],
        ['due_from=2026-03-05&due_to=2026-03-05', ['a', 'b', 'g']],
        ['has_due=true', ['a', 'b', 'd', 'e', 'g']],
        ['has_due=false', ['c', 'Buy milk']],
        ['assignee=me', ['a', 'd']],
        [`assignee=${friend.id}`, ['c']],
        ['assignee=none', ['b', 'e', 'Buy milk', 'g']],
        ['label=WORK', ['a', 'd']],
        ['label=%20errands%20', ['b']],
        ['priority=high,low', ['a', 'b', 'e']],
        ['priority=none', ['d', 'Buy milk', 'g']],
        ['q=milk', ['Buy milk']],
        ['q=MILK%20oat', ['Buy milk']],
        ['q=bob+call', ['a']],
        ['q=milk+bob', []],
        ['q=%25', []],
        ['status=open&has_due=true&sort=priority', ['a', 'b', 'd', 'g']],
        ['status=completed&sort=due', ['e']],
        ['label=work&assignee=me&due_from=2026-03-02', ['a']],
      ];
      for (const [query, expected] of cases) expect({ query, texts: await view(query) }).toEqual({ query, texts: expected });
    });

    it('answers 400 naming the parameter for a bad value, and for an unknown parameter', async () => {
      const cases: Array<[string, RegExp]> = [
        ['due_from=2026-02-30', /due_from/],
        ['due_from=tomorrow', /due_from/],
        ['due_to=2026-3-1', /due_to/],
        ['due_from=2026-03-02&due_to=2026-03-01', /due_from must not be after due_to/],
        ['has_due=yes', /has_due/],
        ['assignee=bob', /assignee/],
        ['priority=urgent', /priority/],
        ['priority=high,', /priority/],
        ['sort=alphabetical', /sort/],
        ['q=', /q/],
        [`label=${'x'.repeat(41)}`, /label/],
        ['label=a&label=b', /label/],
        ['status=done', /status/],
        ['list_id=x', /list_id/],
        ['colour=red', /colour/],
      ];
      for (const [query, message] of cases) {
        const res = await w.as(me).get(`/v1/lists/${mine.id}/items?${query}`);
        expect({ query, status: res.status, data: res.body.data, error: res.body.error }).toEqual({
          query,
          status: 400,
          data: null,
          error: expect.stringMatching(message),
        });
      }
    });

    it('binds a cursor to its filters and order: the same ones or none continue, others are a 400', async () => {
      const first = await w.as(me).get(`/v1/lists/${mine.id}/items?has_due=true&sort=due&limit=2`).expect(200);
      expect(texts(first.body)).toEqual(['d', 'a']);
      const cursor = first.body.data.next_cursor as string;
      const alone = await w.as(me).get(`/v1/lists/${mine.id}/items?cursor=${cursor}&limit=2`).expect(200);
      expect(texts(alone.body)).toEqual(['g', 'b']);
      const same = await w.as(me).get(`/v1/lists/${mine.id}/items?sort=due&has_due=true&cursor=${cursor}`).expect(200);
      expect(texts(same.body)).toEqual(['g', 'b', 'e']);
      expect(same.body.data.next_cursor).toBeNull();
      for (const other of [
        'sort=due',
        'has_due=true',
        'has_due=false&sort=due',
        'has_due=true&sort=due&status=open',
        'has_due=true&sort=priority',
      ]) {
        const res = await w.as(me).get(`/v1/lists/${mine.id}/items?${other}&cursor=${cursor}`);
        expect({ other, status: res.status, error: res.body.error }).toEqual({
          other,
          status: 400,
          error: expect.stringMatching(/cursor/),
        });
      }
      // Another list's cursor, or one of GET /v1/items, is no cursor of this page.
      expect((await w.as(me).get(`/v1/lists/${theirs.id}/items?cursor=${cursor}`)).status).toBe(400);
      expect((await w.as(me).get(`/v1/items?cursor=${cursor}`)).status).toBe(400);
    });

    it('is a 404 for a list the caller cannot see, whatever the filters', async () => {
      expect((await w.as(me).get(`/v1/lists/${hidden.id}/items?label=work`)).status).toBe(404);
      expect((await w.as(stranger).get(`/v1/lists/${mine.id}/items?sort=due`)).status).toBe(404);
    });
  });

  describe('GET /v1/items', () => {
    it('shows the items of every list the key sees, due order by default, naming each list on the page', async () => {
      const page = await found('has_due=true');
      expect(page.items.map((item) => item.text)).toEqual(['d', 't1', 'a', 'g', 'b', 't2', 'e']);
      expect(page.lists).toEqual([
        { id: mine.id, name: 'Mine' },
        { id: theirs.id, name: 'Theirs' },
      ]);
      expect(page.next_cursor).toBeNull();
      // Words of three characters or more are looked up first (trigrams), shorter ones row by row: the same answers.
      expect((await found('q=MILK')).items.map((item) => item.text)).toEqual(['Buy milk']);
      expect((await found('q=oa+milk&status=open')).items.map((item) => item.text)).toEqual(['Buy milk']);
      expect((await found('q=ca')).items.map((item) => item.text)).toEqual(['a']);
    });

    it('answers "due this week and assigned to me" across lists', async () => {
      const page = await found('status=open&due_from=2026-03-01&due_to=2026-03-07&assignee=me&sort=due');
      expect(page.items.map((item) => item.text)).toEqual(['d', 't1', 'a']);
      expect(page.lists.map((list) => list.id)).toEqual([mine.id, theirs.id]);
    });

    it('pages with a cursor bound to the view and its list_id; the lists are those of each page', async () => {
      const first = await found(`list_id=${theirs.id},${mine.id}&sort=priority&limit=3`);
      expect(first.items.map((item) => item.text)).toEqual(['a', 'e', 'c']);
      expect(first.lists).toEqual([{ id: mine.id, name: 'Mine' }]);
      const next = await found(`cursor=${first.next_cursor}&limit=20`);
      expect(next.items.map((item) => item.text)).toEqual(['b', 'd', 'Buy milk', 'g', 't1', 't2']);
      expect(next.lists.map((list) => list.id).sort()).toEqual([mine.id, theirs.id].sort());
      const other = await w.as(me).get(`/v1/items?list_id=${mine.id}&sort=priority&cursor=${first.next_cursor}`);
      expect(other.status).toBe(400);
    });

    it('is a 404 for a list_id the key cannot see, and a 400 for position, a bad value or more than 100 ids', async () => {
      for (const lists of [hidden.id, `${mine.id},${hidden.id}`, '00000000-0000-4000-8000-000000000000', 'not-a-list']) {
        expect({ lists, status: (await w.as(me).get(`/v1/items?list_id=${lists}`)).status }).toEqual({ lists, status: 404 });
      }
      const many = Array.from({ length: 101 }, () => mine.id).join(',');
      for (const query of ['sort=position', 'assignee=someone', 'due_to=2026-13-01', `list_id=${many}`, 'list_id=', 'cursor=abc']) {
        const res = await w.as(me).get(`/v1/items?${query}`);
        expect({ query, status: res.status, data: res.body.data }).toEqual({ query, status: 400, data: null });
      }
    });

    it('keeps a restricted key to its lists, and needs items:read', async () => {
      const { key } = await makeRestrictedKey(t.app, me.id, { listIds: [theirs.id] });
      const page = await found('', { key });
      expect(page.items.map((item) => item.text)).toEqual(['t1', 't2']);
      expect(page.lists).toEqual([{ id: theirs.id, name: 'Theirs' }]);
      expect((await request(t.server).get(`/v1/items?list_id=${mine.id}`).set('X-API-Key', key)).status).toBe(404);
      const { key: noItems } = await makeRestrictedKey(t.app, me.id, { scopes: ['lists:read'] });
      const refused = await request(t.server).get('/v1/items').set('X-API-Key', noItems);
      expect(refused.status).toBe(403);
      expect(refused.headers['x-required-scope']).toBe('items:read');
    });

    it('in test mode, shows the sandbox lists only', async () => {
      const { key: test } = await makeRestrictedKey(t.app, me.id, { mode: 'test' });
      const sandbox = await w.newList({ id: me.id, key: test }, 'Sandbox');
      await w.add({ id: me.id, key: test }, sandbox, ['in the sandbox']);
      const page = await found('', { key: test });
      expect(page.items.map((item) => item.text)).toEqual(['in the sandbox']);
      expect(page.lists).toEqual([{ id: sandbox.id, name: 'Sandbox' }]);
      expect((await found('')).items.map((item) => item.text)).not.toContain('in the sandbox');
      expect((await w.as(me).get(`/v1/items?list_id=${sandbox.id}`)).status).toBe(404);
      expect((await request(t.server).get(`/v1/items?list_id=${mine.id}`).set('X-API-Key', test)).status).toBe(404);
    });
  });

  describe('ETag and 304 of a plain list page', () => {
    it('answers 304 without a body while nothing changes, and a new ETag after an edit', async () => {
      const list = await w.newList(me);
      const [item] = await w.add(me, list, ['poll me']);
      const first = await w.as(me).get(`/v1/lists/${list.id}/items`).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await w.as(me).get(`/v1/lists/${list.id}/items`).set('If-None-Match', etag);
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-type']).toBeUndefined();
      // Another order or status of the same list is its own page, with an ETag of its own.
      expect((await w.as(me).get(`/v1/lists/${list.id}/items?sort=due&status=open`).expect(200)).headers.etag).toEqual(expect.any(String));
      // A filtered page carries none.
      expect((await w.as(me).get(`/v1/lists/${list.id}/items?q=poll`).set('If-None-Match', etag).expect(200)).headers.etag).toBeUndefined();
      await w.act(me, 'complete', { list: list.id, items: [item.id] }, 200);
      const changed = await w.as(me).get(`/v1/lists/${list.id}/items`).set('If-None-Match', etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body.data.items[0].completed).toBe(true);
      // Someone who cannot see the list gets its 404, ETag or not.
      expect((await w.as(stranger).get(`/v1/lists/${list.id}/items`).set('If-None-Match', changed.headers.etag)).status).toBe(404);
    });
  });
});
