import request from 'supertest';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { feedUntil, type FeedPage } from './support/feed';
import { itemsWorld, ListRef, Person } from './support/items-world';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

interface ItemBody {
  id: string;
  list_id: string;
  text: string;
  created_at: string;
  created_by: string;
  assignee: { id: string } | null;
  labels: string[];
  position: string;
  version: number;
}

interface EventBody {
  type: string;
  list: { id: string; name: string };
  data: { item: ItemBody; from?: { list: { id: string; name: string }; position: string } };
}

/** Bytewise, as the service orders positions (COLLATE "C"). */
const byPosition = (a: ItemBody, b: ItemBody) => Buffer.compare(Buffer.from(a.position), Buffer.from(b.position));

/**
 * POST /v1/actions/move over HTTP (API.md section 13, "Editing"): blocks in request order before
 * or after an item, at the top or the bottom, within a list and to another (ids, fields and
 * history kept, assignees who are not members cleared, both lists' counters, the limit), every
 * refusal with nothing changed, item.moved and who sees it, idempotency, restricted keys, test mode.
 */
describe('item move (e2e)', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const w = itemsWorld(t);

  const items = async (who: Person, list: ListRef) => (await w.allItems(who, list)) as unknown as ItemBody[];
  /** The texts of the list in its order (by position). */
  const order = async (who: Person, list: ListRef) => (await items(who, list)).sort(byPosition).map((item) => item.text);
  const snapshot = async (who: Person, ...lists: ListRef[]) =>
    Promise.all(lists.map(async (list) => ({ items: await items(who, list), counters: await w.counters(list) })));
  const move = (who: Pick<Person, 'key'>, body: object, status: number) => w.act(who, 'move', body, status);

  const now = async (who: Person) => (await w.as(who).get('/v1/events?after=now').expect(200)).body.data.next_cursor as string;
  const feedPage =
    (who: Pick<Person, 'key'>, query: string) =>
    async (after: string | undefined): Promise<FeedPage<EventBody>> =>
      (
        await request(t.server)
          .get(`/v1/events?limit=500&types=item.moved${query}${after ? `&after=${after}` : ''}`)
          .set('X-API-Key', who.key)
          .expect(200)
      ).body.data;
  const movedEvents = async (who: Pick<Person, 'key'>, after: string, count: number, query = '') =>
    (await feedUntil(feedPage(who, query), count, { after, what: `${count} item.moved events` })).events;

  describe('within a list', () => {
    it('moves a block in request order to the top, the bottom (the default), before or after an item', async () => {
      const { owner, editor, list } = await w.team();
      const [a, b, c, d, e] = await w.add(owner, list, ['a', 'b', 'c', 'd', 'e']);
      const top = await move(editor, { list: list.id, items: [d.id, 'B'], to: 'top' }, 200);
      expect(top.body.data.list).toEqual({ id: list.id, name: list.name });
      expect(top.body.data.items.map((item: ItemBody) => [item.text, item.version])).toEqual([
        ['d', 2],
        ['b', 2],
      ]);
      expect(await order(owner, list)).toEqual(['d', 'b', 'a', 'c', 'e']);
      await move(editor, { list: list.id, items: [d.id] }, 200);
      expect(await order(owner, list)).toEqual(['b', 'a', 'c', 'e', 'd']);
      await move(editor, { list: list.id, items: ['e', 'a'], before: b.id }, 200);
      expect(await order(owner, list)).toEqual(['e', 'a', 'b', 'c', 'd']);
      await move(editor, { list: list.id, items: [e.id], after: 'C' }, 200);
      expect(await order(owner, list)).toEqual(['a', 'b', 'c', 'e', 'd']);
      await move(editor, { list: list.id, items: [a.id, b.id], after: d.id }, 200);
      expect(await order(owner, list)).toEqual(['c', 'e', 'd', 'a', 'b']);
      await move(editor, { list: list.id, items: [c.id], to: 'bottom' }, 200);
      expect(await order(owner, list)).toEqual(['e', 'd', 'a', 'b', 'c']);
      // Many moves into one gap keep finding room.
      for (let i = 0; i < 30; i += 1) await move(editor, { list: list.id, items: [i % 2 ? a.id : b.id], before: c.id }, 200);
      expect(await order(owner, list)).toEqual(['e', 'd', 'b', 'a', 'c']);
      expect(await w.counters(list)).toMatchObject({ item_count: 5, open_item_count: 5 });
    });

    it('refuses more than one of before, after and to (400), an anchor matching nothing (404), one relative to itself (422); nothing changes', async () => {
      const { owner, viewer, stranger, list } = await w.team();
      const [a, b] = await w.add(owner, list, ['a', 'b']);
      const before = await snapshot(owner, list);
      await move(owner, { list: list.id, items: [a.id], before: b.id, to: 'top' }, 400);
      await move(owner, { list: list.id, items: [a.id], before: b.id, after: b.id }, 400);
      await move(owner, { list: list.id, items: [a.id], to: 'middle' }, 400);
      await move(owner, { list: list.id, items: [a.id], sideways: true }, 400);
      await move(owner, { list: list.id, items: [a.id], before: 'no such item' }, 404);
      await move(owner, { list: list.id, items: [a.id, 'no such item'] }, 404);
      expect((await move(owner, { list: list.id, items: [a.id, b.id], after: 'b' }, 422)).body.error).toMatch(/itself/);
      await move(owner, { list: list.id, items: [a.id], before: a.id }, 422);
      await move(viewer, { list: list.id, items: [a.id], to: 'top' }, 403);
      await move(stranger, { list: list.id, items: [a.id], to: 'top' }, 404);
      expect(await snapshot(owner, list)).toEqual(before);
    });
  });

  describe('to another list', () => {
    it('keeps ids, fields and history, clears assignees who are not members of the target, and keeps both counters exact', async () => {
      const { owner, editor, viewer, list } = await w.team();
      const target = await w.newList(owner, `Target ${list.id.slice(0, 8)}`);
      await w.share(owner, target, 'editor', editor);
      const [x] = await w.add(owner, target, ['x']);
      const [a, b, c] = await w.add(owner, list, ['a', 'b', 'c']);
      await w.act(owner, 'update', { list: list.id, items: [a.id], set: { assignee: editor.id, labels: ['keep'] } }, 200);
      await w.act(owner, 'update', { list: list.id, items: [b.id], set: { assignee: viewer.id } }, 200);
      await w.act(owner, 'complete', { list: list.id, items: [c.id] }, 200);
      const aBefore = (await items(owner, list)).find((item) => item.id === a.id)!;

      const res = await move(editor, { list: list.id, items: [c.id, a.id, b.id], to_list: target.name, before: x.id }, 200);
      expect(res.body.data.list).toEqual({ id: target.id, name: target.name });
      const moved = res.body.data.items as ItemBody[];
      expect(moved.map((item) => [item.id, item.list_id])).toEqual([c, a, b].map((item) => [item.id, target.id]));
      expect(moved[1]).toMatchObject({
        text: 'a',
        labels: ['keep'],
        assignee: { id: editor.id },
        created_at: aBefore.created_at,
        created_by: owner.id,
        version: aBefore.version + 1,
      });
      expect(moved[2].assignee).toBeNull();
      expect(moved[0]).toMatchObject({ completed: true });
      expect(await order(owner, target)).toEqual(['c', 'a', 'b', 'x']);
      expect(await items(owner, list)).toEqual([]);
      expect(await w.counters(list)).toMatchObject({ item_count: 0, open_item_count: 0 });
      expect(await w.counters(target)).toMatchObject({ item_count: 4, open_item_count: 3 });
      // The ids go on working in the target list.
      await w.act(owner, 'complete', { list: target.id, items: [a.id] }, 200);
    });

    it('needs write access to the target (viewer 403, invisible 404) and holds its item limit (422); nothing changes', async () => {
      const { owner, editor, list } = await w.team();
      const [a] = await w.add(owner, list, ['a']);
      const viewed = await w.newList(await w.person());
      const viewedOwner = await w.person();
      const onlyViewed = await w.newList(viewedOwner);
      await w.share(viewedOwner, onlyViewed, 'viewer', editor);
      const full = await w.newList(owner);
      await w.fillDirectly(full, owner.id, 10_000);
      const before = await snapshot(owner, list, full);
      await move(editor, { list: list.id, items: [a.id], to_list: onlyViewed.id }, 403);
      await move(editor, { list: list.id, items: [a.id], to_list: viewed.id }, 404);
      expect((await move(owner, { list: list.id, items: [a.id], to_list: full.id }, 422)).body.error).toMatch(/10,000/);
      expect(await snapshot(owner, list, full)).toEqual(before);
    });

    it('reaches through a list-restricted key only its lists: moving into a list outside them is a 404', async () => {
      const { owner, list } = await w.team();
      const [a] = await w.add(owner, list, ['a']);
      const other = await w.newList(owner);
      const third = await w.newList(owner);
      const { key } = await makeRestrictedKey(t.app, owner.id, { listIds: [list.id, third.id] });
      const before = await snapshot(owner, list, other);
      await move({ key }, { list: list.id, items: [a.id], to_list: other.id }, 404);
      await move({ key }, { list: list.id, items: [a.id], to_list: other.name }, 404);
      expect(await snapshot(owner, list, other)).toEqual(before);
      await move({ key }, { list: list.id, items: [a.id], to_list: third.id }, 200);
    });

    it('records item.moved once, under the target list, seen by whoever could see either list and through either list', async () => {
      const { owner, editor, list } = await w.team();
      const target = await w.newList(owner);
      const [onlyTarget, stranger] = [await w.person(), await w.person()];
      await w.share(owner, target, 'viewer', onlyTarget);
      const [a] = await w.add(owner, list, ['a']);
      const positionBefore = (await items(owner, list))[0].position;
      const from = { owner: await now(owner), editor: await now(editor), onlyTarget: await now(onlyTarget), stranger: await now(stranger) };
      const res = await move(owner, { list: list.id, items: [a.id], to_list: target.id }, 200);
      const expected = {
        type: 'item.moved',
        list: { id: target.id, name: target.name },
        data: { item: res.body.data.items[0], from: { list: { id: list.id, name: list.name }, position: positionBefore } },
      };
      for (const [who, after] of [
        [owner, from.owner],
        [editor, from.editor],
        [onlyTarget, from.onlyTarget],
      ] as const) {
        expect(await movedEvents(who, after, 1)).toEqual([expect.objectContaining(expected)]);
      }
      expect((await feedPage(stranger, '')(from.stranger)).events).toEqual([]);
      // A feed filtered by either list shows it, and so does a key restricted to the source list.
      expect(await movedEvents(editor, from.editor, 1, `&list_id=${list.id}`)).toHaveLength(1);
      expect(await movedEvents(owner, from.owner, 1, `&list_id=${target.id}`)).toHaveLength(1);
      const { key } = await makeRestrictedKey(t.app, owner.id, { listIds: [list.id] });
      expect(await movedEvents({ key }, from.owner, 1)).toHaveLength(1);
    });

    it('is idempotent with an Idempotency-Key: a retry replays the answer and moves nothing again', async () => {
      const { owner, list } = await w.team();
      const target = await w.newList(owner);
      const [a] = await w.add(owner, list, ['a']);
      const body = { list: list.id, items: [a.id], to_list: target.id };
      const headers = { 'Idempotency-Key': `move-${a.id}` };
      const first = await w.as(owner).post('/v1/actions/move', body, headers).expect(200);
      const replay = await w.as(owner).post('/v1/actions/move', body, headers).expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect((await items(owner, target)).map((item) => item.version)).toEqual([2]);
    });

    it('works in test mode on the sandbox’s lists alone', async () => {
      const { owner } = await w.team();
      const { key } = await makeRestrictedKey(t.app, owner.id, { mode: 'test' });
      const tester = { key };
      const a = (await w.as(tester).post('/v1/lists', { name: 'Sandbox A' }).expect(200)).body.data.list;
      const b = (await w.as(tester).post('/v1/lists', { name: 'Sandbox B' }).expect(200)).body.data.list;
      await w
        .as(tester)
        .post('/v1/actions/add', { list: a.id, items: ['one', 'two'] })
        .expect(200);
      const res = await move(tester, { list: 'sandbox a', items: ['two'], to_list: 'Sandbox B' }, 200);
      expect(res.body.data.list).toEqual({ id: b.id, name: 'Sandbox B' });
      const live = await w.newList(owner);
      await move(tester, { list: a.id, items: ['one'], to_list: live.id }, 404);
    });
  });
});
