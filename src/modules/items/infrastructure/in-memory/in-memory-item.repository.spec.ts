import { accountViewer } from '../../../../common/auth/reach';
import { randomUUID } from 'node:crypto';
import { SequentialIdGenerator } from '../../../../common/testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../../../../common/testing/in-memory-unit-of-work';
import { List } from '../../../lists/domain/list';
import { Membership } from '../../../lists/domain/membership';
import { InMemoryListRepository } from '../../../lists/infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../../../lists/infrastructure/in-memory/in-memory-lists.store';
import type { NewItem } from '../../domain/item';
import { describeItemRepositoryContract, type ItemRepositorySubject } from '../../testing/item-repository.contract';
import { describeItemViewContract } from '../../testing/item-view.contract';
import { InMemoryItemPageReadModel } from './in-memory-item-page.read-model';
import { InMemoryItemRepository } from './in-memory-item.repository';
import { plainRequest } from '../../testing/plain-request';

const OWNER = '00000000-0000-4000-8000-0000000000aa';
const CREATED = new Date('2026-01-01T00:00:00.000Z');

/** Both modules' in-memory stores over one lists store, as both adapters share one database in PostgreSQL. */
function fullyInMemory() {
  const store = new InMemoryListsStore();
  const lists = new InMemoryListRepository(store);
  const items = new InMemoryItemRepository(store);
  const pages = new InMemoryItemPageReadModel(store, items);
  const newList = async (id: string = randomUUID(), options: { name?: string; ownerId?: string; createdAt?: Date } = {}) => {
    await lists.insert(
      List.create({ id, ownerId: options.ownerId ?? OWNER, name: options.name ?? `list ${id}`, now: options.createdAt ?? CREATED }),
    );
    return id;
  };
  return { store, lists, items, pages, newList };
}

const inMemorySubject = async (): Promise<ItemRepositorySubject> => {
  const { lists, items, pages, newList } = fullyInMemory();
  const ids = new SequentialIdGenerator();
  return {
    items,
    pages,
    uow: new InMemoryUnitOfWork(),
    newList: (options) => newList(ids.next(), options),
    owner: OWNER,
    newUser: async () => randomUUID(),
    addMember: async (listId, role, member) => {
      const userId = member ?? randomUUID();
      await lists.insertMember(Membership.restore({ listId, userId, role, joinedAt: CREATED }));
      return userId;
    },
    deleteList: (id) => lists.delete(id),
    counters: async (id) => {
      const list = await lists.findById(id);
      return { itemCount: list!.itemCount, openItemCount: list!.openItemCount, updatedAt: list!.updatedAt };
    },
  };
};

describeItemRepositoryContract('in-memory', inMemorySubject);
describeItemViewContract('in-memory', inMemorySubject);

describe('InMemoryItemRepository over the lists store', () => {
  const drafts = (texts: string[]): NewItem[] => texts.map((text) => ({ id: randomUUID(), text }));
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 10, minute));

  it('moves the counters the list repository reports, and refuses a deleted list', async () => {
    const { lists, items, pages, newList } = fullyInMemory();
    const listId = await newList();
    const other = await newList();
    const addTo = (list: string, texts: string[], minute: number) =>
      items.addToList({
        viewer: accountViewer(OWNER),
        reference: { id: list, name: list },
        items: drafts(texts),
        maxPerList: 10_000,
        at: at(minute),
      });
    const added = await addTo(listId, ['milk', 'bread', 'eggs', 'tea'], 1);
    if (!added.ok) throw new Error(added.reason);
    await addTo(other, ['sweep'], 2);
    const [milk, bread, eggs] = added.items;
    await items.setCompletion(listId, [milk.id, bread.id], true, OWNER, at(3));
    await items.removeAll(listId, [bread.id, eggs.id], at(4), OWNER);

    const list = await lists.findById(listId);
    expect({ itemCount: list!.itemCount, openItemCount: list!.openItemCount, updatedAt: list!.updatedAt }).toEqual({
      itemCount: 2,
      openItemCount: 1,
      updatedAt: at(4),
    });
    expect((await lists.findById(other))!.itemCount).toBe(1);
    // A rename (the lists module's own write) keeps the items module's counters.
    const renamed = await lists.findById(listId);
    renamed!.rename('renamed', at(5));
    expect(await lists.saveName(renamed!)).toMatchObject({ itemCount: 2, openItemCount: 1 });

    await lists.delete(listId);
    expect(await addTo(listId, ['late'], 6)).toEqual({
      ok: false,
      reason: 'unresolved',
      candidates: [],
    });
    expect(await items.lockList(listId)).toBe(false);
    expect(await pages.visiblePage(accountViewer(OWNER), listId, plainRequest('all', 10))).toBeNull();
    expect(await items.lockList(other)).toBe(true);
  });
});
