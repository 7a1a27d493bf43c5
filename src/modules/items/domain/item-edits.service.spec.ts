import { accountViewer } from '../../../common/auth/reach';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { UserDirectory } from '../../auth/domain/user-directory';
import { InMemoryUserRepository } from '../../auth/infrastructure/in-memory/in-memory-user.repository';
import { aUser } from '../../auth/testing/user-repository.contract';
import { InMemoryEventLog } from '../../events/infrastructure/in-memory/in-memory-event-log';
import { List } from '../../lists/domain/list';
import { ListAccessService } from '../../lists/domain/list-access.service';
import { Membership, MemberRole } from '../../lists/domain/membership';
import { InMemoryListRepository } from '../../lists/infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../../lists/infrastructure/in-memory/in-memory-lists.store';
import { InMemoryItemRepository } from '../infrastructure/in-memory/in-memory-item.repository';
import { RecordedItemEvents } from '../infrastructure/recorded-item-events';
import type { Item } from './item';
import { ItemEditsService } from './item-edits.service';
import { ItemsService } from './items.service';
import { ReleasedAssignments } from './member-assignments';

const OWNER = '00000000-0000-4000-8000-00000000000a';
const EDITOR = '00000000-0000-4000-8000-00000000000b';
const VIEWER = '00000000-0000-4000-8000-00000000000c';
const STRANGER = '00000000-0000-4000-8000-00000000000d';
const LIST = '00000000-0000-4000-8000-0000000000f1';
const OTHER = '00000000-0000-4000-8000-0000000000f2';

const kind = (k: string, code?: string) => expect.objectContaining({ kind: k, ...(code ? { code } : {}) });

/** The edits service on the lists module's real ListAccessService, over in-memory stores sharing one lists store, events recorded. */
async function world() {
  const clock = new FakeClock('2026-05-01T08:00:00.000Z');
  const store = new InMemoryListsStore();
  const lists = new InMemoryListRepository(store);
  const userRows = new InMemoryUserRepository();
  for (const id of [OWNER, EDITOR, VIEWER, STRANGER]) {
    await userRows.insert(
      aUser({ id, username: `u${id.slice(-2)}`, name: `User ${id.slice(-2)}`, emailVerified: true, createdAt: clock.now() }),
    );
  }
  const users = new UserDirectory(userRows);
  const log = new InMemoryEventLog((listId) => {
    const list = store.lists.get(listId);
    const members = [...store.members.values()].filter((m) => m.listId === listId).map((m) => m.userId);
    return list ? [list.ownerId, ...members] : members;
  });
  const items = new InMemoryItemRepository(store);
  const access = new ListAccessService(lists);
  const uow = new InMemoryUnitOfWork();
  const events = new RecordedItemEvents(users, log);
  const edits = new ItemEditsService(items, access, uow, clock, events);
  const adds = new ItemsService(items, access, uow, clock, new SequentialIdGenerator(), events);
  const addList = async (id: string, ownerId: string, name: string, members: Record<string, MemberRole> = {}) => {
    await lists.insert(List.create({ id, ownerId, name, now: new Date(0) }));
    for (const [userId, role] of Object.entries(members)) {
      await lists.insertMember(Membership.join({ listId: id, userId, role, joinedAt: new Date(0) }));
    }
  };
  await addList(LIST, OWNER, 'Groceries', { [EDITOR]: 'editor', [VIEWER]: 'viewer' });
  await addList(OTHER, OWNER, 'Chores');
  const add = async (texts: string[], list = LIST) => (await adds.add(accountViewer(OWNER), list, texts)).items;
  const stored = async (list = LIST) => (await items.findCandidates(list, { ids: [], keys: [] })).length;
  const read = async (id: string, list = LIST) => (await items.findCandidates(list, { ids: [id], keys: [] }))[0];
  const inOrder = async (list: string) => {
    const all = items.storedItems(list);
    return [...all].sort((a, b) => (a.position < b.position ? -1 : 1)).map((item) => item.text);
  };
  const counters = async (id: string) => {
    const list = await lists.findById(id);
    return list && { itemCount: list.itemCount, openItemCount: list.openItemCount };
  };
  const released = new ReleasedAssignments(items, uow, events);
  return { clock, edits, add, read, stored, log, inOrder, counters, released, lists };
}

describe('ItemEditsService', () => {
  describe('patch', () => {
    it('changes the fields sent, moves the version, and records item.updated with the changed fields', async () => {
      const w = await world();
      const [milk] = await w.add(['milk']);
      w.clock.advance(1000);
      const item = await w.edits.patch(
        accountViewer(EDITOR),
        LIST,
        milk.id,
        { text: 'oat milk', priority: 'high', assigneeId: EDITOR },
        null,
      );
      expect(item).toMatchObject({ text: 'oat milk', priority: 'high', assignee: { id: EDITOR }, version: 2, updatedAt: w.clock.now() });
      expect(await w.read(milk.id)).toEqual(item);
      const updated = w.log.all().filter((event) => event.type === 'item.updated');
      expect(updated).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: EDITOR }),
          data: { item: expect.objectContaining({ text: 'oat milk', version: 2 }), changes: ['text', 'priority', 'assignee'] },
        }),
      ]);
    });

    it('answers 412 when If-Match names another version, and changes nothing', async () => {
      const w = await world();
      const [milk] = await w.add(['milk']);
      await expect(w.edits.patch(accountViewer(OWNER), LIST, milk.id, { text: 'x' }, [2])).rejects.toEqual(
        kind('precondition_failed', 'ITEM_CHANGED'),
      );
      expect(await w.read(milk.id)).toEqual(milk);
      await w.edits.patch(accountViewer(OWNER), LIST, milk.id, { text: 'x' }, [1]);
      await w.edits.patch(accountViewer(OWNER), LIST, milk.id, { text: 'y' }, '*');
      expect((await w.read(milk.id)).version).toBe(3);
    });

    it('keeps the contract’s order: 404 (list, item), 403 (viewer), 412, 422 (assignee)', async () => {
      const w = await world();
      const [milk] = await w.add(['milk']);
      const [chore] = await w.add(['sweep'], OTHER);
      await expect(w.edits.patch(accountViewer(STRANGER), LIST, milk.id, { text: 'x' }, null)).rejects.toEqual(kind('not_found'));
      await expect(w.edits.patch(accountViewer(VIEWER), LIST, 'nope', { text: 'x' }, null)).rejects.toEqual(
        kind('not_found', 'ITEM_NOT_FOUND'),
      );
      await expect(w.edits.patch(accountViewer(OWNER), LIST, chore.id, { text: 'x' }, null)).rejects.toEqual(
        kind('not_found', 'ITEM_NOT_FOUND'),
      );
      await expect(w.edits.patch(accountViewer(VIEWER), LIST, milk.id, { text: 'x' }, [9])).rejects.toEqual(kind('forbidden'));
      await expect(w.edits.patch(accountViewer(EDITOR), LIST, milk.id, { assigneeId: STRANGER }, [9])).rejects.toEqual(
        kind('precondition_failed'),
      );
      await expect(w.edits.patch(accountViewer(EDITOR), LIST, milk.id, { assigneeId: STRANGER }, null)).rejects.toEqual(
        kind('rule', 'ASSIGNEE_NOT_MEMBER'),
      );
      await expect(w.edits.patch(accountViewer(EDITOR), LIST, milk.id, {}, null)).rejects.toEqual(kind('invalid', 'EMPTY_EDIT'));
      expect(await w.read(milk.id)).toEqual(milk);
    });

    it('writes nothing and records nothing for a change that changes nothing', async () => {
      const w = await world();
      const [milk] = await w.add(['milk']);
      const item = await w.edits.patch(accountViewer(OWNER), LIST, milk.id, { text: 'milk', assigneeId: null, labels: [] }, null);
      expect(item).toEqual(milk);
      expect(w.log.all().filter((event) => event.type === 'item.updated')).toEqual([]);
    });
  });

  describe('update', () => {
    it('applies the set to every matched item, recording only those it changed', async () => {
      const w = await world();
      const [a, b] = await w.add(['a', 'b']);
      await w.edits.update(accountViewer(OWNER), 'Groceries', [a.id], { priority: 'low' });
      const result = await w.edits.update(accountViewer(OWNER), 'groceries', ['B', a.id], { priority: 'low', addLabels: ['x'] });
      expect(result.items.map((item: Item) => [item.text, item.priority, item.labels, item.version])).toEqual([
        ['b', 'low', ['x'], 2],
        ['a', 'low', ['x'], 3],
      ]);
      expect(
        w.log
          .all()
          .filter((event) => event.type === 'item.updated')
          .map((event) => event.data.changes),
      ).toEqual([['priority'], ['priority', 'labels'], ['labels']]);
      expect(b.id).toBe(result.items[0].id);
    });

    it('refuses a text for several items (422) and an unmatched entry (404), changing nothing', async () => {
      const w = await world();
      const [a, b] = await w.add(['a', 'b']);
      await expect(w.edits.update(accountViewer(OWNER), LIST, [a.id, b.id], { text: 'c' })).rejects.toEqual(
        kind('rule', 'TEXT_OF_MANY_ITEMS'),
      );
      await expect(w.edits.update(accountViewer(OWNER), LIST, [a.id, 'zzz'], { priority: 'high' })).rejects.toEqual(kind('not_found'));
      expect([await w.read(a.id), await w.read(b.id)]).toEqual([a, b]);
    });
  });

  describe('move', () => {
    it('moves a block in request order within a list, and records item.moved with where each was', async () => {
      const w = await world();
      const [a, b, c] = await w.add(['a', 'b', 'c']);
      const result = await w.edits.move(accountViewer(EDITOR), LIST, ['c', 'b'], { to: 'top' });
      expect(result.items.map((item) => [item.text, item.version])).toEqual([
        ['c', 2],
        ['b', 2],
      ]);
      expect(await w.inOrder(LIST)).toEqual(['c', 'b', 'a']);
      await w.edits.move(accountViewer(EDITOR), LIST, [c.id], { after: a.id });
      expect(await w.inOrder(LIST)).toEqual(['b', 'a', 'c']);
      await w.edits.move(accountViewer(EDITOR), LIST, [a.id], { before: 'B' });
      expect(await w.inOrder(LIST)).toEqual(['a', 'b', 'c']);
      const moved = w.log.all().filter((event) => event.type === 'item.moved');
      expect(moved[0].data).toEqual({
        item: expect.objectContaining({ id: c.id }),
        from: { list: { id: LIST, name: 'Groceries' }, position: c.position },
      });
      expect(b.position).toBeDefined();
    });

    it('moves to another list: counters of both, an assignee who is not a member cleared, the event seen by either audience', async () => {
      const w = await world();
      const [a, b] = await w.add(['a', 'b']);
      await w.edits.update(accountViewer(OWNER), LIST, [a.id], { assigneeId: EDITOR });
      await w.edits.update(accountViewer(OWNER), LIST, [b.id], { assigneeId: OWNER });
      const result = await w.edits.move(accountViewer(OWNER), LIST, [a.id, b.id], { toList: 'Chores' });
      expect(result.list).toEqual({ id: OTHER, name: 'Chores' });
      expect(result.items.map((item) => [item.id, item.listId, item.assignee?.id ?? null])).toEqual([
        [a.id, OTHER, null],
        [b.id, OTHER, OWNER],
      ]);
      expect(await w.counters(LIST)).toEqual({ itemCount: 0, openItemCount: 0 });
      expect(await w.counters(OTHER)).toEqual({ itemCount: 2, openItemCount: 2 });
      const feed = await w.log.read({ viewer: accountViewer(EDITOR), after: null, limit: 100, types: ['item.moved'] });
      expect(feed.events.map((entry) => entry.event.list.id)).toEqual([OTHER, OTHER]);
    });

    it('refuses an anchor among the moving items (422), a viewer (403), an unknown anchor (404), changing nothing', async () => {
      const w = await world();
      const [a, b] = await w.add(['a', 'b']);
      await expect(w.edits.move(accountViewer(OWNER), LIST, [a.id, b.id], { before: 'b' })).rejects.toEqual(
        kind('rule', 'MOVE_RELATIVE_TO_ITSELF'),
      );
      await expect(w.edits.move(accountViewer(VIEWER), LIST, [a.id], { to: 'top' })).rejects.toEqual(kind('forbidden'));
      await expect(w.edits.move(accountViewer(EDITOR), LIST, [a.id], { toList: 'Chores' })).rejects.toEqual(kind('not_found'));
      await expect(w.edits.move(accountViewer(OWNER), LIST, [a.id], { after: 'zzz' })).rejects.toEqual(kind('not_found'));
      await expect(w.edits.move(accountViewer(OWNER), LIST, [a.id], { after: 'b', to: 'top' })).rejects.toEqual(kind('invalid'));
      expect([await w.read(a.id), await w.read(b.id)]).toEqual([a, b]);
    });
  });

  it('clears a departing member’s assignments, recording item.updated with changes ["assignee"]', async () => {
    const w = await world();
    const [a, b] = await w.add(['a', 'b']);
    await w.edits.update(accountViewer(OWNER), LIST, [a.id], { assigneeId: EDITOR });
    await w.edits.update(accountViewer(OWNER), LIST, [b.id], { assigneeId: VIEWER });
    await w.released.release({ id: LIST, name: 'Groceries' }, EDITOR, EDITOR, w.clock.now());
    expect((await w.read(a.id)).assignee).toBeNull();
    expect((await w.read(b.id)).assignee?.id).toBe(VIEWER);
    expect(w.log.all().at(-1)).toMatchObject({
      type: 'item.updated',
      actor: { id: EDITOR },
      data: { changes: ['assignee'], item: { id: a.id, assignee: null } },
    });
  });
});
