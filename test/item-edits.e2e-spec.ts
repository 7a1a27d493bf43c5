import request from 'supertest';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { feedUntil, type FeedPage } from './support/feed';
import { itemsWorld, ListRef, Person } from './support/items-world';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

interface ItemBody {
  id: string;
  list_id: string;
  text: string;
  notes: string;
  completed: boolean;
  due: { date: string; time: string | null; time_zone: string | null; recurrence: string | null; at: string | null } | null;
  priority: string;
  labels: string[];
  assignee: { id: string; username: string; name: string } | null;
  position: string;
  updated_at: string;
  version: number;
}

interface EventBody {
  type: string;
  list: { id: string; name: string };
  actor: { id: string };
  data: { item: ItemBody; changes?: string[] };
}

/**
 * Editing items over HTTP (API.md section 13, "Editing"): PATCH of one item with If-Match
 * (412, `*`, concurrent writers), POST /v1/actions/update (matching, labels, atomicity,
 * idempotency), the item.updated events, and a departing member's assignments cleared. Every
 * refused request is also checked to have changed nothing.
 */
describe('item edits (e2e)', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const w = itemsWorld(t);

  const patch = (who: Pick<Person, 'key'>, list: ListRef | string, itemId: string, body: unknown, headers: Record<string, string> = {}) =>
    request(t.server)
      .patch(`/v1/lists/${typeof list === 'string' ? list : list.id}/items/${itemId}`)
      .set('X-API-Key', who.key)
      .set(headers)
      .send(body as object);

  const items = async (who: Person, list: ListRef) => (await w.allItems(who, list)) as unknown as ItemBody[];
  const one = async (who: Person, list: ListRef, id: string) => (await items(who, list)).find((item) => item.id === id)!;
  /** What a client can observe of a list, to compare before and after a refused request. */
  const snapshot = async (who: Person, list: ListRef) => ({ items: await items(who, list), counters: await w.counters(list) });

  const feedPage =
    (who: Person, query: string) =>
    async (after: string | undefined): Promise<FeedPage<EventBody>> => {
      const res = await w
        .as(who)
        .get(`/v1/events?limit=500${query}${after ? `&after=${after}` : ''}`)
        .expect(200);
      return res.body.data;
    };
  const now = async (who: Person) => (await w.as(who).get('/v1/events?after=now').expect(200)).body.data.next_cursor as string;
  /** The events of `types` after `after`, waiting (bounded) until `count` have come. */
  const eventsOf = async (who: Person, after: string, count: number, types = 'item.updated') =>
    (await feedUntil(feedPage(who, `&types=${types}`), count, { after, what: `${count} ${types} events` })).events;

  describe('PATCH /v1/lists/:id/items/:item_id', () => {
    it('changes only the members sent, answers {item} with the new ETag, and moves version, updated_at and the list', async () => {
      const { owner, editor, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      const before = await one(owner, list, milk.id);
      const listBefore = await w.counters(list);
      const res = await patch(editor, list, milk.id, {
        text: '  oat milk ',
        notes: ' the blue one ',
        priority: 'high',
        labels: ['Shop', 'dairy'],
        due: { date: '2026-12-24' },
        assignee: 'me',
      }).expect(200);
      expect(res.body.error).toBeNull();
      const item = res.body.data.item as ItemBody;
      expect(item).toMatchObject({
        id: milk.id,
        list_id: list.id,
        text: 'oat milk',
        notes: 'the blue one',
        priority: 'high',
        labels: ['Shop', 'dairy'],
        due: { date: '2026-12-24', time: null, time_zone: null, recurrence: null, at: null },
        assignee: { id: editor.id },
        position: before.position,
        version: before.version + 1,
        completed: false,
      });
      expect(res.headers.etag).toBe(`"${item.version}"`);
      expect(item.updated_at > before.updated_at).toBe(true);
      // The next read shows it (the page cache moved with the list's version).
      expect(await one(owner, list, milk.id)).toEqual(item);
      const listAfter = await w.counters(list);
      expect(listAfter).toMatchObject({ item_count: listBefore.item_count, open_item_count: listBefore.open_item_count });
      expect(listAfter.updated_at.toISOString()).toBe(item.updated_at);

      // Only what is sent changes; null clears due and assignee.
      const cleared = await patch(owner, list, milk.id, { due: null, assignee: null }).expect(200);
      expect(cleared.body.data.item).toMatchObject({
        text: 'oat milk',
        notes: 'the blue one',
        labels: ['Shop', 'dairy'],
        due: null,
        assignee: null,
      });
      expect(cleared.body.data.item.version).toBe(item.version + 1);
    });

    it('moves what q finds with the text and the notes: the new words find the item, the old ones no longer do', async () => {
      const { owner, list } = await w.team();
      const res = await w.act(owner, 'add', { list: list.id, items: [{ text: 'Kaffee', notes: 'für die STRASSENBAHN' }] }, 200);
      const [added] = res.body.data.items as ItemBody[];
      const found = async (q: string) => {
        const res = await w
          .as(owner)
          .get(`/v1/lists/${list.id}/items?q=${encodeURIComponent(q)}`)
          .expect(200);
        return (res.body.data.items as ItemBody[]).map((item) => item.id);
      };
      // Words are compared by the folding rule of texts: "ß" is "ss", in the notes as in the text.
      expect(await found('straßenbahn kaffee')).toEqual([added.id]);
      await patch(owner, list, added.id, { text: 'Tee', notes: 'im Bus' }).expect(200);
      expect(await found('kaffee')).toEqual([]);
      expect(await found('strassenbahn')).toEqual([]);
      expect(await found('TEE bus')).toEqual([added.id]);
      await w.act(owner, 'update', { list: list.id, items: [added.id], set: { notes: 'Zug' } }, 200);
      expect(await found('bus')).toEqual([]);
      expect(await found('zug')).toEqual([added.id]);
    });

    it('refuses an empty body, an unknown member, a null text and each invalid value with a 400 naming the field, changing nothing', async () => {
      const { owner, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      const before = await snapshot(owner, list);
      const cases: Array<[unknown, RegExp]> = [
        [{}, /at least one/],
        [{ colour: 'red' }, /colour/],
        [{ text: null }, /text/],
        [{ text: '   ' }, /text/],
        [{ priority: 'urgent' }, /priority/],
        [{ labels: 'shop' }, /labels/],
        [{ notes: null }, /notes/],
        [{ assignee: 'nobody' }, /assignee/],
        [{ due: { date: '2026-02-30' } }, /due/],
        [{ labels: ['a', 'A'] }, /labels/],
      ];
      for (const [body, message] of cases) {
        const res = await patch(owner, list, milk.id, body).expect(400);
        expect(res.body.data).toBeNull();
        expect(res.body.error).toMatch(message);
      }
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('is 403 for a viewer and 404 for a stranger, an unknown or malformed item id, or an item of another list', async () => {
      const { owner, viewer, stranger, list } = await w.team();
      const other = await w.newList(owner);
      const [milk] = await w.add(owner, list, ['milk']);
      const [elsewhere] = await w.add(owner, other, ['elsewhere']);
      const before = await snapshot(owner, list);
      expect((await patch(viewer, list, milk.id, { text: 'x' }).expect(403)).body.error).toMatch(/viewer/);
      await patch(stranger, list, milk.id, { text: 'x' }).expect(404);
      await patch(owner, list, '00000000-0000-4000-8000-000000000000', { text: 'x' }).expect(404);
      await patch(owner, list, 'not-an-id', { text: 'x' }).expect(404);
      await patch(owner, list, elsewhere.id, { text: 'x' }).expect(404);
      await patch(owner, '00000000-0000-4000-8000-000000000000', milk.id, { text: 'x' }).expect(404);
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('with If-Match changes the item only at that version (412 and nothing changed otherwise); * matches any', async () => {
      const { owner, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      const { version } = await one(owner, list, milk.id);
      await patch(owner, list, milk.id, { text: 'one' }, { 'If-Match': `"${version}"` }).expect(200);
      const before = await snapshot(owner, list);
      const stale = await patch(owner, list, milk.id, { text: 'two' }, { 'If-Match': `"${version}"` }).expect(412);
      expect(stale.body).toEqual({ data: null, error: expect.stringMatching(/^the item changed since you read it/) });
      await patch(owner, list, milk.id, { text: 'two' }, { 'If-Match': 'W/"2"' }).expect(412);
      expect(await snapshot(owner, list)).toEqual(before);
      await patch(owner, list, milk.id, { text: 'two' }, { 'If-Match': `"1", "${version + 1}"` }).expect(200);
      const any = await patch(owner, list, milk.id, { text: 'three' }, { 'If-Match': '*' }).expect(200);
      expect(any.body.data.item).toMatchObject({ text: 'three', version: version + 3 });
      // Without If-Match the last write wins.
      await patch(owner, list, milk.id, { text: 'four' }).expect(200);
    });

    it('lets exactly one of concurrent writers with the same If-Match win; the others get 412', async () => {
      const { owner, editor, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      const { version } = await one(owner, list, milk.id);
      const writers = [owner, editor, owner, editor, owner, editor];
      const answers = await Promise.all(
        writers.map((who, i) => patch(who, list, milk.id, { text: `writer ${i}` }, { 'If-Match': `"${version}"` })),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
      const winner = answers.find((res) => res.status === 200)!;
      expect(await one(owner, list, milk.id)).toEqual(winner.body.data.item);
      expect(winner.body.data.item.version).toBe(version + 1);
    });

    it('answers a change that changes nothing with the item as it is: no new version, no event', async () => {
      const { owner, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      const after = await now(owner);
      const before = await one(owner, list, milk.id);
      const res = await patch(owner, list, milk.id, { text: 'milk', priority: 'none', labels: [], due: null, assignee: null }).expect(200);
      expect(res.body.data.item).toEqual(before);
      expect(res.headers.etag).toBe(`"${before.version}"`);
      await patch(owner, list, milk.id, { notes: 'changed' }).expect(200);
      // The one event is the real change's.
      const events = await eventsOf(owner, after, 1);
      expect(events.map((event) => event.data.changes)).toEqual([['notes']]);
    });

    it('assigns only the owner or a member ("me" too); anyone else is a 422 naming the user, changing nothing', async () => {
      const { owner, editor, viewer, stranger, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      for (const who of [owner, editor, viewer]) {
        const res = await patch(owner, list, milk.id, { assignee: who.id.toUpperCase() }).expect(200);
        expect(res.body.data.item.assignee).toEqual({ id: who.id, username: expect.any(String), name: expect.any(String) });
      }
      const before = await snapshot(owner, list);
      const refused = await patch(owner, list, milk.id, { assignee: stranger.id }).expect(422);
      expect(refused.body.error).toContain(stranger.id);
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('records item.updated with the item as it now is and the changed fields in the resource’s order', async () => {
      const { owner, editor, viewer, stranger, list } = await w.team();
      const [milk] = await w.add(owner, list, ['milk']);
      const from = { owner: await now(owner), viewer: await now(viewer), stranger: await now(stranger) };
      const res = await patch(editor, list, milk.id, {
        assignee: owner.id,
        labels: ['x'],
        text: 'milk!',
        due: { date: '2027-01-01' },
      }).expect(200);
      const [event] = await eventsOf(owner, from.owner, 1);
      expect(event).toMatchObject({
        type: 'item.updated',
        list: { id: list.id, name: list.name },
        actor: { id: editor.id },
        data: { item: res.body.data.item, changes: ['text', 'due', 'labels', 'assignee'] },
      });
      expect(await eventsOf(viewer, from.viewer, 1)).toEqual([event]);
      expect((await feedPage(stranger, '')(from.stranger)).events).toEqual([]);
    });

    it('reaches through a list-restricted key only the key’s lists (404 elsewhere), and keeps test mode apart', async () => {
      const { owner, list } = await w.team();
      const other = await w.newList(owner);
      const [milk] = await w.add(owner, list, ['milk']);
      const [elsewhere] = await w.add(owner, other, ['elsewhere']);
      const { key } = await makeRestrictedKey(t.app, owner.id, { listIds: [list.id] });
      await patch({ key }, list, milk.id, { text: 'via key' }).expect(200);
      await patch({ key }, other, elsewhere.id, { text: 'via key' }).expect(404);
      const { key: testKey } = await makeRestrictedKey(t.app, owner.id, { mode: 'test' });
      await patch({ key: testKey }, list, milk.id, { text: 'test mode' }).expect(404);
      const sandboxList = (await w.as({ key: testKey }).post('/v1/lists', { name: 'Sandbox' }).expect(200)).body.data.list;
      const [sandboxItem] = (
        await w
          .as({ key: testKey })
          .post('/v1/actions/add', { list: sandboxList.id, items: ['play'] })
          .expect(200)
      ).body.data.items;
      const res = await patch({ key: testKey }, sandboxList.id, sandboxItem.id, { priority: 'low' }).expect(200);
      expect(res.body.data.item).toMatchObject({ priority: 'low', version: 2 });
      expect((await one(owner, list, milk.id)).text).toBe('via key');
    });
  });

  describe('POST /v1/actions/update', () => {
    it('sets fields on every matched item (ids or texts), atomically, answering {list, items} in entry order', async () => {
      const { owner, editor, list } = await w.team();
      const [milk, bread, eggs] = await w.add(owner, list, ['milk', 'bread', 'eggs']);
      const res = await w.act(
        editor,
        'update',
        { list: list.name, items: [eggs.id, 'MILK'], set: { priority: 'medium', labels: ['shop'], assignee: 'me' } },
        200,
      );
      expect(res.body.data.list).toEqual({ id: list.id, name: list.name });
      expect(res.body.data.items.map((item: ItemBody) => [item.id, item.priority, item.labels, item.assignee?.id, item.version])).toEqual([
        [eggs.id, 'medium', ['shop'], editor.id, 2],
        [milk.id, 'medium', ['shop'], editor.id, 2],
      ]);
      expect((await one(owner, list, bread.id)).version).toBe(1);
    });

    it('adds and removes labels (removals first, case-insensitively, others kept in place); refuses labels with them and more than 10', async () => {
      const { owner, list } = await w.team();
      const [a, b] = await w.add(owner, list, ['a', 'b']);
      await w.act(owner, 'update', { list: list.id, items: [a.id], set: { labels: ['one', 'Two', 'three'] } }, 200);
      const res = await w.act(
        owner,
        'update',
        { list: list.id, items: [a.id, b.id], set: { add_labels: ['two', 'four'], remove_labels: ['ONE', 'none'] } },
        200,
      );
      expect(res.body.data.items.map((item: ItemBody) => item.labels)).toEqual([
        ['Two', 'three', 'four'],
        ['two', 'four'],
      ]);
      const before = await snapshot(owner, list);
      const both = await w.act(owner, 'update', { list: list.id, items: [a.id], set: { labels: [], add_labels: ['x'] } }, 400);
      expect(both.body.error).toMatch(/labels/);
      const many = Array.from({ length: 8 }, (_, i) => `new ${i}`);
      const tooMany = await w.act(owner, 'update', { list: list.id, items: [b.id, a.id], set: { add_labels: many } }, 400);
      expect(tooMany.body.error).toMatch(/at most 10 labels/);
      expect(await snapshot(owner, list)).toEqual(before);
    });

    it('changes a text only when one item is matched (422 otherwise); an entry matching nothing is a 404; nothing changes', async () => {
      const { owner, viewer, list } = await w.team();
      const [a, b] = await w.add(owner, list, ['a', 'b']);
      const before = await snapshot(owner, list);
      const many = await w.act(owner, 'update', { list: list.id, items: [a.id, b.id], set: { text: 'same' } }, 422);
      expect(many.body.error).toMatch(/one item/);
      await w.act(owner, 'update', { list: list.id, items: [a.id, 'nothing like it'], set: { priority: 'high' } }, 404);
      await w.act(owner, 'update', { list: list.id, items: [a.id], set: {} }, 400);
      await w.act(owner, 'update', { list: list.id, items: [a.id], set: { colour: 'red' } }, 400);
      await w.act(viewer, 'update', { list: list.id, items: [a.id], set: { priority: 'high' } }, 403);
      expect(await snapshot(owner, list)).toEqual(before);
      const one = await w.act(owner, 'update', { list: list.id, items: ['B'], set: { text: 'bee' } }, 200);
      expect(one.body.data.items[0]).toMatchObject({ id: b.id, text: 'bee' });
    });

    it('is idempotent with an Idempotency-Key: a retry replays the answer, changing nothing more', async () => {
      const { owner, list } = await w.team();
      const [a] = await w.add(owner, list, ['a']);
      const body = { list: list.id, items: [a.id], set: { add_labels: ['again'], notes: 'n' } };
      const headers = { 'Idempotency-Key': `update-${a.id}` };
      const first = await w.as(owner).post('/v1/actions/update', body, headers).expect(200);
      const replay = await w.as(owner).post('/v1/actions/update', body, headers).expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect((await one(owner, list, a.id)).version).toBe(2);
    });
  });

  describe('a member who leaves or is removed', () => {
    it('stops being the assignee of the list’s items, each recorded as item.updated with changes ["assignee"]', async () => {
      const { owner, editor, viewer, list } = await w.team();
      const [a, b, c] = await w.add(owner, list, ['a', 'b', 'c']);
      await w.act(owner, 'update', { list: list.id, items: [a.id, c.id], set: { assignee: editor.id } }, 200);
      await w.act(owner, 'update', { list: list.id, items: [b.id], set: { assignee: viewer.id } }, 200);
      const from = await now(owner);
      const editorFrom = await now(editor);

      // The editor leaves: their two items are unassigned, with events they still see.
      await request(t.server).delete(`/v1/lists/${list.id}/members/${editor.id}`).set('X-API-Key', editor.key).expect(200);
      const events = await eventsOf(owner, from, 2);
      expect(events.map((event) => [event.data.item.id, event.data.item.assignee, event.data.changes, event.actor.id])).toEqual([
        [a.id, null, ['assignee'], editor.id],
        [c.id, null, ['assignee'], editor.id],
      ]);
      expect((await eventsOf(editor, editorFrom, 2)).map((event) => event.data.item.id)).toEqual([a.id, c.id]);
      expect((await one(owner, list, a.id)).assignee).toBeNull();
      expect((await one(owner, list, b.id)).assignee?.id).toBe(viewer.id);

      // The owner removes the viewer.
      await request(t.server).delete(`/v1/lists/${list.id}/members/${viewer.id}`).set('X-API-Key', owner.key).expect(200);
      expect((await one(owner, list, b.id)).assignee).toBeNull();
      // Nobody left can be assigned but the owner.
      await patch(owner, list, b.id, { assignee: viewer.id }).expect(422);
    });

    it('never leaves an item assigned to someone who left, whatever the order of a concurrent assignment and the leaving', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { owner, editor, list } = await w.team();
        const [a] = await w.add(owner, list, ['a']);
        const [assigned, left] = await Promise.all([
          patch(owner, list, a.id, { assignee: editor.id }),
          request(t.server).delete(`/v1/lists/${list.id}/members/${editor.id}`).set('X-API-Key', editor.key),
        ]);
        expect(left.status).toBe(200);
        expect([200, 422]).toContain(assigned.status);
        expect((await one(owner, list, a.id)).assignee).toBeNull();
      }
    });
  });
});
