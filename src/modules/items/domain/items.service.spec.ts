import { accountViewer } from '../../../common/auth/reach';
import { randomBytes } from 'node:crypto';
import { HmacCursorCodec } from '../../../common/paging/hmac-cursor-codec';
import { ItemPages } from '../application/item-pages';
import { InMemoryItemPageReadModel } from '../infrastructure/in-memory/in-memory-item-page.read-model';
import { FakeClock } from '../../../common/testing/fake-clock';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { List } from '../../lists/domain/list';
import { ListAccessService } from '../../lists/domain/list-access.service';
import { Membership, MemberRole } from '../../lists/domain/membership';
import { InMemoryListRepository } from '../../lists/infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../../lists/infrastructure/in-memory/in-memory-lists.store';
import { InMemoryItemRepository } from '../infrastructure/in-memory/in-memory-item.repository';
import { ItemsService } from './items.service';
import { itemsShown } from '../testing/rendered-items';
import { MAX_ITEMS_PER_LIST } from './items.errors';

const OWNER = '00000000-0000-4000-8000-00000000000a';
const EDITOR = '00000000-0000-4000-8000-00000000000b';
const VIEWER = '00000000-0000-4000-8000-00000000000c';
const STRANGER = '00000000-0000-4000-8000-00000000000d';
const LIST = '00000000-0000-4000-8000-0000000000f1';
const OTHER_LIST = '00000000-0000-4000-8000-0000000000f2';

const kind = (k: string, code?: string) => expect.objectContaining({ kind: k, ...(code ? { code } : {}) });

const SOMEONE = '00000000-0000-4000-8000-00000000000e';

/**
 * The items service on the lists module's real ListAccessService, over the in-memory list
 * and item stores sharing one lists store (as both share one database in PostgreSQL).
 */
function setup() {
  const clock = new FakeClock('2026-05-01T08:00:00.000Z');
  const store = new InMemoryListsStore();
  const lists = new InMemoryListRepository(store);
  const items = new InMemoryItemRepository(store);
  const access = new ListAccessService(lists);
  const cursors = new HmacCursorCodec(randomBytes(32));
  const service = new ItemsService(items, access, new InMemoryUnitOfWork(), clock, new SequentialIdGenerator());
  const reader = new ItemPages(new InMemoryItemPageReadModel(store, items), cursors);
  const texts = async (listId = LIST) =>
    itemsShown((await reader.page(accountViewer(OWNER), listId, { limit: 500 })).items).map((i) => [i.text, i.completed]);
  /** The list's counters as the lists module reports them. */
  const counters = async (listId = LIST) => {
    const list = await lists.findById(listId);
    return list && { itemCount: list.itemCount, openItemCount: list.openItemCount, updatedAt: list.updatedAt };
  };
  const addList = async (id: string, ownerId: string, name: string, members: Record<string, MemberRole> = {}) => {
    await lists.insert(List.create({ id, ownerId, name, now: new Date(0) }));
    for (const [userId, role] of Object.entries(members)) {
      await lists.insertMember(Membership.join({ listId: id, userId, role, joinedAt: new Date(0) }));
    }
  };
  return { clock, lists, items, access, service, reader, texts, cursors, counters, addList };
}

async function world() {
  const w = setup();
  await w.addList(LIST, OWNER, 'Groceries', { [EDITOR]: 'editor', [VIEWER]: 'viewer' });
  await w.addList(OTHER_LIST, OWNER, 'Chores');
  return w;
}

describe('ItemsService', () => {
  describe('add', () => {
    it('adds trimmed texts in request order, by list name or id, counting them', async () => {
      const { service, counters, clock } = await world();
      const result = await service.add(accountViewer(EDITOR), ' groceries ', ['  milk ', 'bread']);
      expect(result.list).toEqual({ id: LIST, name: 'Groceries' });
      expect(result.items).toEqual([
        expect.objectContaining({
          text: 'milk',
          listId: LIST,
          completed: false,
          createdBy: EDITOR,
          completedAt: null,
          completedBy: null,
          createdAt: clock.now(),
        }),
        expect.objectContaining({ text: 'bread' }),
      ]);
      await service.add(accountViewer(OWNER), LIST, ['eggs']);
      expect(await counters()).toEqual({ itemCount: 3, openItemCount: 3, updatedAt: clock.now() });
    });

    it('is not idempotent: the same add twice adds twice', async () => {
      const { service, texts } = await world();
      await service.add(accountViewer(OWNER), LIST, ['milk']);
      await service.add(accountViewer(OWNER), LIST, ['milk']);
      expect(await texts()).toEqual([
        ['milk', false],
        ['milk', false],
      ]);
    });

    it('checks the body before the list, the list before the role', async () => {
      const { service } = await world();
      await expect(service.add(accountViewer(STRANGER), LIST, ['bad\u0000'])).rejects.toThrow(kind('invalid'));
      await expect(service.add(accountViewer(STRANGER), LIST, ['fine'])).rejects.toThrow(kind('not_found'));
      await expect(service.add(accountViewer(VIEWER), LIST, ['fine'])).rejects.toThrow(kind('forbidden', 'ITEMS_WRITE_FORBIDDEN'));
      await expect(service.add(accountViewer(OWNER), '  ', ['fine'])).rejects.toThrow(kind('invalid', 'INVALID_LIST'));
    });

    it('refuses to pass 10,000 items, adding nothing, and says so', async () => {
      const { service, items, texts, counters } = await world();
      // Fill the list through the store (99 batches of 100, then 99), faster than the service's checks.
      const filler = (count: number, batch: number) =>
        Array.from({ length: count }, (_, k) => ({
          id: `00000000-0000-4000-9000-${(batch * 100 + k).toString(16).padStart(12, '0')}`,
          text: 'filler',
        }));
      for (let batch = 0; batch < 100; batch += 1) {
        await items.addToList({
          viewer: accountViewer(OWNER),
          reference: { id: LIST, name: LIST },
          items: filler(batch < 99 ? 100 : 99, batch),
          maxPerList: MAX_ITEMS_PER_LIST,
          at: new Date(0),
        });
      }
      expect((await counters())!.itemCount).toBe(MAX_ITEMS_PER_LIST - 1);
      await expect(service.add(accountViewer(OWNER), LIST, ['a', 'b'])).rejects.toThrow(kind('rule', 'ITEM_LIMIT'));
      await expect(service.add(accountViewer(OWNER), LIST, ['a', 'b'])).rejects.toThrow(/at most 10,000 items/);
      expect((await counters())!.itemCount).toBe(MAX_ITEMS_PER_LIST - 1);
      await service.add(accountViewer(OWNER), LIST, ['last']);
      expect((await counters())!.itemCount).toBe(MAX_ITEMS_PER_LIST);
      expect((await texts()).at(-1)).toEqual(['filler', false]);
      await expect(service.add(accountViewer(OWNER), LIST, ['one more'])).rejects.toThrow(kind('rule', 'ITEM_LIMIT'));
    });

    it('answers 404 when the store picked the list and then found it gone (deleted meanwhile)', async () => {
      const { service, items } = await world();
      const list = { id: LIST, name: 'Groceries', role: 'owner' as const };
      jest.spyOn(items, 'addToList').mockResolvedValue({ ok: false, reason: 'list_missing', list });
      await expect(service.add(accountViewer(OWNER), LIST, ['x'])).rejects.toThrow(kind('not_found', 'LIST_NOT_FOUND'));
    });

    it('words a reference the store could not pick a list for as ListAccess does: 404, or 422 for an ambiguous name', async () => {
      const { service, items, addList } = await world();
      await addList('00000000-0000-4000-8000-0000000000c1', STRANGER, 'Books', { [EDITOR]: 'editor' });
      await addList('00000000-0000-4000-8000-0000000000c2', SOMEONE, 'books', { [EDITOR]: 'viewer' });
      await expect(service.add(accountViewer(EDITOR), 'BOOKS', ['x'])).rejects.toThrow(kind('rule', 'AMBIGUOUS_LIST_NAME'));
      await expect(service.add(accountViewer(STRANGER), LIST, ['x'])).rejects.toThrow(kind('not_found', 'LIST_NOT_FOUND'));
      // A store that found no list where the rule picks one is a defect, not a 404.
      const list = { id: LIST, name: 'Groceries', role: 'owner' as const };
      jest.spyOn(items, 'addToList').mockResolvedValue({ ok: false, reason: 'unresolved', candidates: [list] });
      await expect(service.add(accountViewer(OWNER), LIST, ['x'])).rejects.toThrow(
        'the items store found no list where pickList finds one',
      );
    });
  });

  describe('which list a name means (the lists module decides)', () => {
    const SHARED = '00000000-0000-4000-8000-0000000000f3';

    async function sharedGroceries() {
      const w = setup();
      // Someone else's "groceries", shared with both users, is older than the owner's own.
      await w.addList(SHARED, SOMEONE, 'groceries', { [OWNER]: 'editor', [EDITOR]: 'editor' });
      await w.addList(LIST, OWNER, 'Groceries', { [EDITOR]: 'editor' });
      return w;
    }

    it("prefers the caller's own list to an older shared one of the same name", async () => {
      const { service, texts } = await sharedGroceries();
      expect((await service.add(accountViewer(OWNER), 'GROCERIES', ['milk'])).list).toEqual({ id: LIST, name: 'Groceries' });
      expect(await texts(LIST)).toEqual([['milk', false]]);
      expect(await texts(SHARED)).toEqual([]);
    });

    it('refuses a name shared with the caller by two owners (422 naming both ids), adding nothing', async () => {
      const { service, texts } = await sharedGroceries();
      await expect(service.add(accountViewer(EDITOR), 'groceries', ['milk'])).rejects.toThrow(kind('rule', 'AMBIGUOUS_LIST_NAME'));
      const refusal = await service.complete(accountViewer(EDITOR), 'Groceries', ['milk']).catch((error: Error) => error);
      expect(refusal).toMatchObject({ kind: 'rule', code: 'AMBIGUOUS_LIST_NAME' });
      expect((refusal as Error).message).toContain(SHARED);
      expect((refusal as Error).message).toContain(LIST);
      expect([...(await texts(LIST)), ...(await texts(SHARED))]).toEqual([]);
      expect((await service.add(accountViewer(EDITOR), SHARED, ['milk'])).list.id).toBe(SHARED);
    });
  });

  describe('complete, reopen, remove', () => {
    it('completes the oldest open match, recording who and when; reopening clears both', async () => {
      const { service, clock, counters } = await world();
      const [first, second] = (await service.add(accountViewer(OWNER), LIST, ['milk', 'Milk'])).items;
      clock.advance(1000);
      const done = await service.complete(accountViewer(EDITOR), 'Groceries', ['MILK']);
      expect(done.items).toEqual([
        { ...first, completed: true, completedAt: clock.now(), completedBy: EDITOR, updatedAt: clock.now(), version: 2 },
      ]);
      expect(await counters()).toMatchObject({ itemCount: 2, openItemCount: 1, updatedAt: clock.now() });

      clock.advance(1000);
      const reopened = await service.reopen(accountViewer(OWNER), LIST, ['milk']);
      expect(reopened.items).toEqual([
        { ...first, completed: false, completedAt: null, completedBy: null, updatedAt: clock.now(), version: 3 },
      ]);
      expect(await counters()).toMatchObject({ openItemCount: 2 });

      const both = await service.complete(accountViewer(OWNER), LIST, [second.id, 'milk']);
      expect(both.items.map((i) => i.id)).toEqual([second.id, first.id]);
    });

    it('reports an id already in the target state as it is, changing nothing', async () => {
      const { service, clock, counters } = await world();
      const [milk] = (await service.add(accountViewer(OWNER), LIST, ['milk'])).items;
      const completed = (await service.complete(accountViewer(OWNER), LIST, [milk.id])).items[0];
      const before = await counters();
      clock.advance(5000);
      expect((await service.complete(accountViewer(EDITOR), LIST, [milk.id])).items).toEqual([completed]);
      expect(await counters()).toEqual(before);
      expect(
        (await service.reopen(accountViewer(OWNER), LIST, [(await service.add(accountViewer(OWNER), LIST, ['x'])).items[0].id])).items[0]
          .completed,
      ).toBe(false);
    });

    it('changes nothing at all when one entry matches nothing (404 naming it)', async () => {
      const { service, counters, texts } = await world();
      await service.add(accountViewer(OWNER), LIST, ['milk', 'bread', 'eggs']);
      const before = await counters();
      await expect(service.complete(accountViewer(OWNER), LIST, ['milk', 'bread', 'caviar'])).rejects.toThrow(
        kind('not_found', 'ITEM_NOT_FOUND'),
      );
      await expect(service.remove(accountViewer(OWNER), LIST, ['milk', 'caviar'])).rejects.toThrow(/"caviar"/);
      await expect(service.remove(accountViewer(OWNER), LIST, ['milk', 'milk'])).rejects.toThrow(kind('not_found'));
      await expect(service.reopen(accountViewer(OWNER), LIST, ['milk'])).rejects.toThrow(kind('not_found'));
      expect(await texts()).toEqual([
        ['milk', false],
        ['bread', false],
        ['eggs', false],
      ]);
      expect(await counters()).toEqual(before);
    });

    it('never matches items of another list, even by id', async () => {
      const { service } = await world();
      const [chore] = (await service.add(accountViewer(OWNER), OTHER_LIST, ['sweep'])).items;
      await expect(service.complete(accountViewer(OWNER), LIST, [chore.id])).rejects.toThrow(kind('not_found', 'ITEM_NOT_FOUND'));
    });

    it('removes for good, answering the items as they were', async () => {
      const { service, counters, texts } = await world();
      const [milk] = (await service.add(accountViewer(OWNER), LIST, ['milk', 'bread'])).items;
      const completed = (await service.complete(accountViewer(OWNER), LIST, ['milk'])).items[0];
      const removed = await service.remove(accountViewer(EDITOR), LIST, [milk.id, 'BREAD']);
      expect(removed.items[0]).toEqual(completed);
      expect(removed.items[1]).toMatchObject({ text: 'bread', completed: false });
      expect(await texts()).toEqual([]);
      expect(await counters()).toMatchObject({ itemCount: 0, openItemCount: 0 });
      await expect(service.remove(accountViewer(OWNER), LIST, [milk.id])).rejects.toThrow(kind('not_found'));
    });

    it('lets only owners and editors write, after the body and the list are checked', async () => {
      const { service } = await world();
      await service.add(accountViewer(OWNER), LIST, ['milk']);
      await expect(service.complete(accountViewer(VIEWER), LIST, ['milk'])).rejects.toThrow(kind('forbidden'));
      await expect(service.remove(accountViewer(VIEWER), LIST, ['nothing'])).rejects.toThrow(kind('forbidden'));
      await expect(service.remove(accountViewer(STRANGER), LIST, ['milk'])).rejects.toThrow(kind('not_found', 'LIST_NOT_FOUND'));
      await expect(service.reopen(accountViewer(VIEWER), LIST, [''])).rejects.toThrow(kind('invalid'));
    });
  });

  describe('page', () => {
    it('walks every item once, oldest first, with next_cursor null exactly at the end', async () => {
      const { service, reader } = await world();
      const added = (await service.add(accountViewer(OWNER), LIST, ['1', '2', '3', '4', '5'])).items;
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await reader.page(accountViewer(VIEWER), LIST, { limit: 2, cursor });
        seen.push(...itemsShown(page.items).map((i) => i.id));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(seen).toEqual(added.map((i) => i.id));
      expect(pages).toBe(3);
      const exact = await reader.page(accountViewer(VIEWER), LIST, { limit: 5 });
      expect(exact.nextCursor).toBeNull();
    });

    it('filters by status and defaults to 100 items', async () => {
      const { service, reader } = await world();
      await service.add(
        accountViewer(OWNER),
        LIST,
        Array.from({ length: 100 }, (_, i) => `item ${i}`),
      );
      await service.add(accountViewer(OWNER), LIST, ['last']);
      await service.complete(accountViewer(OWNER), LIST, ['item 0', 'last']);
      const all = await reader.page(accountViewer(OWNER), LIST, {});
      expect(itemsShown(all.items)).toHaveLength(100);
      expect(all.nextCursor).not.toBeNull();
      const completed = await reader.page(accountViewer(OWNER), LIST, { status: 'completed' });
      expect(itemsShown(completed.items).map((i) => i.text)).toEqual(['item 0', 'last']);
      expect(completed.nextCursor).toBeNull();
      const open = await reader.page(accountViewer(OWNER), LIST, { status: 'open', limit: 99 });
      expect(itemsShown(open.items)[0].text).toBe('item 1');
      expect(open.nextCursor).toBeNull();
    });

    it('refuses cursors it did not issue, or issued for another list (400), before looking at the list', async () => {
      const { reader, cursors } = await world();
      await expect(reader.page(accountViewer(STRANGER), LIST, { cursor: 'nonsense!' })).rejects.toThrow(kind('invalid', 'INVALID_CURSOR'));
      const forged = Buffer.from(JSON.stringify({ v: 1, l: LIST, s: 1 })).toString('base64url');
      await expect(reader.page(accountViewer(OWNER), LIST, { cursor: forged })).rejects.toThrow(kind('invalid', 'INVALID_CURSOR'));
      const foreign = cursors.encode('items', { l: OTHER_LIST, s: 1 });
      await expect(reader.page(accountViewer(OWNER), LIST, { cursor: foreign })).rejects.toThrow(kind('invalid', 'INVALID_CURSOR'));
      await expect(reader.page(accountViewer(STRANGER), LIST, {})).rejects.toThrow(kind('not_found'));
    });
  });

  describe('through a list-restricted key', () => {
    const key = { userId: OWNER, listIds: [LIST] };

    it('adds, changes and pages items of its lists, by name or id', async () => {
      const { service, reader, texts } = await world();
      expect((await service.add(key, 'groceries', ['milk'])).list.id).toBe(LIST);
      expect((await service.complete(key, LIST, ['milk'])).items.map((i) => i.completed)).toEqual([true]);
      expect((await service.reopen(key, 'Groceries', ['milk'])).items.map((i) => i.completed)).toEqual([false]);
      expect(itemsShown((await reader.page(key, LIST, {})).items).map((i) => i.text)).toEqual(['milk']);
      await service.remove(key, LIST, ['milk']);
      expect(await texts()).toEqual([]);
    });

    it('answers 404 for a list outside its lists, by name or id, on every action and the page, changing nothing', async () => {
      const { service, reader, counters } = await world();
      await service.add(accountViewer(OWNER), 'chores', ['dishes']);
      for (const list of ['Chores', OTHER_LIST]) {
        for (const attempt of [
          () => service.add(key, list, ['more']),
          () => service.complete(key, list, ['dishes']),
          () => service.reopen(key, list, ['dishes']),
          () => service.remove(key, list, ['dishes']),
        ]) {
          await expect(attempt()).rejects.toThrow(kind('not_found', 'LIST_NOT_FOUND'));
        }
      }
      await expect(reader.page(key, OTHER_LIST, {})).rejects.toThrow(kind('not_found', 'LIST_NOT_FOUND'));
      expect(await counters(OTHER_LIST)).toMatchObject({ itemCount: 1, openItemCount: 1 });
    });
  });
});
