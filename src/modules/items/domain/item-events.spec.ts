import { accountViewer } from '../../../common/auth/reach';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryEventLog } from '../../events/infrastructure/in-memory/in-memory-event-log';
import { presentItem } from '../application/item.presenter';
import { InMemoryItemRepository } from '../infrastructure/in-memory/in-memory-item.repository';
import { List } from '../../lists/domain/list';
import { ListAccessService } from '../../lists/domain/list-access.service';
import { Membership } from '../../lists/domain/membership';
import { InMemoryListRepository } from '../../lists/infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../../lists/infrastructure/in-memory/in-memory-lists.store';
import { ItemsService } from './items.service';
import { RecordedItemEvents } from '../infrastructure/recorded-item-events';
import { UserDirectory } from '../../auth/domain/user-directory';
import { InMemoryUserRepository } from '../../auth/infrastructure/in-memory/in-memory-user.repository';
import { aUser } from '../../auth/testing/user-repository.contract';
import { parseDue } from './due';
import { MAX_ITEMS_PER_LIST } from './items.errors';

const OWNER = '00000000-0000-4000-8000-00000000000a';
const EDITOR = '00000000-0000-4000-8000-00000000000b';
const STRANGER = '00000000-0000-4000-8000-00000000000d';
const LIST = '00000000-0000-4000-8000-0000000000f1';

/** The item events an items store records with each write (API.md section 8). */
describe('item events', () => {
  async function setup() {
    const clock = new FakeClock('2026-05-01T08:00:00.000Z');
    const log = new InMemoryEventLog((listId) => (listId === LIST ? [OWNER, EDITOR] : []));
    const actor = (id: string) => ({ id, username: `user_${id.slice(-2)}`, name: `User ${id.slice(-2)}` });
    const store = new InMemoryListsStore();
    const lists = new InMemoryListRepository(store);
    await lists.insert(List.create({ id: LIST, ownerId: OWNER, name: 'Groceries', now: new Date(0) }));
    await lists.insertMember(Membership.join({ listId: LIST, userId: EDITOR, role: 'editor', joinedAt: new Date(0) }));
    const items = new InMemoryItemRepository(store, { log, listName: () => 'Groceries', actor });
    const userRows = new InMemoryUserRepository();
    for (const id of [OWNER, EDITOR]) {
      const { username, name } = actor(id);
      await userRows.insert(aUser({ id, username, name, emailVerified: true, createdAt: new Date(0) }));
    }
    const changes = new RecordedItemEvents(new UserDirectory(userRows), log);
    const service = new ItemsService(
      items,
      new ListAccessService(lists),
      new InMemoryUnitOfWork(),
      clock,
      new SequentialIdGenerator(),
      changes,
    );
    const feed = async (userId = OWNER) =>
      (await log.read({ viewer: accountViewer(userId), after: null, limit: 500 })).events.map((entry) => entry.event);
    return { clock, items, service, feed, actor };
  }

  it('records one item.added per item in request order, with the actor and the item as the add answered it', async () => {
    const { service, feed, actor, clock } = await setup();
    const added = await service.add(accountViewer(EDITOR), LIST, ['milk', 'bread', 'eggs']);
    const events = await feed();
    expect(events).toEqual(
      added.items.map((item) => ({
        id: expect.stringMatching(/^evt_/),
        type: 'item.added',
        created_at: clock.now().toISOString(),
        list: { id: LIST, name: 'Groceries' },
        actor: actor(EDITOR),
        data: { item: presentItem(item) },
        livemode: true,
      })),
    );
    expect(await feed(EDITOR)).toEqual(events);
    expect(await feed(STRANGER)).toEqual([]);
  });

  it('records completions and reopenings of the items that changed only, in request order', async () => {
    const { service, feed, clock } = await setup();
    const [milk] = (await service.add(accountViewer(OWNER), LIST, ['milk', 'bread', 'eggs'])).items;
    clock.advance(1000);
    await service.complete(accountViewer(OWNER), LIST, ['eggs', 'milk']);
    // By id, an item already completed is a no-op: only bread changes.
    const completed = await service.complete(accountViewer(EDITOR), LIST, [milk.id, 'bread']);
    const reopened = await service.reopen(accountViewer(OWNER), LIST, ['milk']);
    const events = (await feed()).slice(3);
    expect(events.map((event) => [event.type, event.data.item])).toEqual([
      ['item.completed', expect.objectContaining({ text: 'eggs', completed: true })],
      ['item.completed', expect.objectContaining({ text: 'milk', completed: true })],
      ['item.completed', presentItem(completed.items[1])],
      ['item.reopened', presentItem(reopened.items[0])],
    ]);
    expect(events[2].actor.id).toBe(EDITOR);
    // A request that changes nothing records nothing.
    await service.reopen(accountViewer(OWNER), LIST, [reopened.items[0].id]);
    expect(await feed()).toHaveLength(7);
  });

  it('records a recurring item completed as item.completed (the occurrence), then item.updated (changes: ["due"]) as it now is', async () => {
    const { service, items, feed, clock, actor } = await setup();
    const due = parseDue({ date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    await items.addToList({
      viewer: accountViewer(OWNER),
      reference: { id: LIST, name: LIST },
      items: [
        { id: 'a0000000-0000-4000-8000-000000000001', text: 'meeting', due },
        { id: 'a0000000-0000-4000-8000-000000000002', text: 'milk' },
      ],
      maxPerList: MAX_ITEMS_PER_LIST,
      at: clock.now(),
    });
    clock.advance(1000);
    const completed = await service.complete(accountViewer(EDITOR), LIST, ['milk', 'meeting']);
    const [milk, meeting] = completed.items;
    expect(meeting).toMatchObject({ completed: false, due: { date: '2026-03-30', at: new Date('2026-03-30T07:00:00.000Z') }, version: 3 });
    const events = (await feed()).slice(2);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['item.completed', { item: presentItem(milk) }],
      [
        'item.completed',
        {
          item: {
            ...presentItem(meeting),
            completed: true,
            completed_at: clock.now().toISOString(),
            completed_by: EDITOR,
            due: {
              date: '2026-03-23',
              time: '09:00',
              time_zone: 'Europe/Berlin',
              recurrence: 'FREQ=WEEKLY;BYDAY=MO',
              at: '2026-03-23T08:00:00.000Z',
            },
            version: 2,
          },
        },
      ],
      ['item.updated', { item: presentItem(meeting), changes: ['due'] }],
    ]);
    expect(events.map((event) => event.actor)).toEqual([actor(EDITOR), actor(EDITOR), actor(EDITOR)]);
    expect(events.every((event) => event.created_at === clock.now().toISOString())).toBe(true);
  });

  it('records item.removed per item as it was before removal, in request order', async () => {
    const { service, feed } = await setup();
    await service.add(accountViewer(OWNER), LIST, ['milk', 'bread']);
    await service.complete(accountViewer(OWNER), LIST, ['bread']);
    const removed = await service.remove(accountViewer(EDITOR), LIST, ['bread', 'milk']);
    const events = (await feed()).slice(3);
    expect(events.map((event) => [event.type, event.data.item])).toEqual(removed.items.map((item) => ['item.removed', presentItem(item)]));
  });

  it('records nothing for a refused write: past the limit, an unmatched entry, a viewer', async () => {
    const { service, items, feed } = await setup();
    await service.add(accountViewer(OWNER), LIST, ['milk']);
    await items.addToList({
      viewer: accountViewer(OWNER),
      reference: { id: LIST, name: LIST },
      items: Array.from({ length: MAX_ITEMS_PER_LIST - 1 }, (_, i) => ({ id: `f${i}`, text: `f${i}` })),
      maxPerList: MAX_ITEMS_PER_LIST,
      at: new Date(0),
    });
    const before = (await feed()).length;
    await expect(service.add(accountViewer(OWNER), LIST, ['one too many'])).rejects.toMatchObject({ code: 'ITEM_LIMIT' });
    await expect(service.complete(accountViewer(OWNER), LIST, ['milk', 'missing'])).rejects.toMatchObject({ kind: 'not_found' });
    await expect(service.remove(accountViewer(OWNER), LIST, ['missing'])).rejects.toMatchObject({ kind: 'not_found' });
    expect(await feed()).toHaveLength(before);
  });
});
