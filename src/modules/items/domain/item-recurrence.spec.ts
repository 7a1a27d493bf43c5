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
import { Membership } from '../../lists/domain/membership';
import { InMemoryListRepository } from '../../lists/infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../../lists/infrastructure/in-memory/in-memory-lists.store';
import { InMemoryItemRepository } from '../infrastructure/in-memory/in-memory-item.repository';
import { RecordedItemEvents } from '../infrastructure/recorded-item-events';
import { parseDue } from './due';
import { ItemsService } from './items.service';

const OWNER = '00000000-0000-4000-8000-00000000000a';
const EDITOR = '00000000-0000-4000-8000-00000000000b';
const VIEWER = '00000000-0000-4000-8000-00000000000c';
const LIST = '00000000-0000-4000-8000-0000000000f1';

/**
 * Completing a recurring item (API.md section 13) through ItemsService over the in-memory
 * stores: the answer, the stored item, the list's counters and the events (the stores' own
 * behaviour is the repository contract's, item-recurrence.contract.ts).
 */
describe('ItemsService: completing a recurring item', () => {
  async function world() {
    const clock = new FakeClock('2026-03-23T06:00:00.000Z');
    const store = new InMemoryListsStore();
    const lists = new InMemoryListRepository(store);
    await lists.insert(List.create({ id: LIST, ownerId: OWNER, name: 'Chores', now: new Date(0) }));
    await lists.insertMember(Membership.join({ listId: LIST, userId: EDITOR, role: 'editor', joinedAt: new Date(0) }));
    await lists.insertMember(Membership.join({ listId: LIST, userId: VIEWER, role: 'viewer', joinedAt: new Date(0) }));
    const users = new InMemoryUserRepository();
    for (const id of [OWNER, EDITOR, VIEWER]) {
      await users.insert(
        aUser({ id, username: `u${id.slice(-2)}`, name: `User ${id.slice(-2)}`, emailVerified: true, createdAt: new Date(0) }),
      );
    }
    const log = new InMemoryEventLog(() => [OWNER, EDITOR, VIEWER]);
    const items = new InMemoryItemRepository(store, {
      log,
      listName: () => 'Chores',
      actor: (id) => ({ id, username: `u${id.slice(-2)}`, name: `User ${id.slice(-2)}` }),
    });
    const service = new ItemsService(
      items,
      new ListAccessService(lists),
      new InMemoryUnitOfWork(),
      clock,
      new SequentialIdGenerator(),
      new RecordedItemEvents(new UserDirectory(users), log),
    );
    let next = 0;
    /** Adds one item with the due `raw` (read as a request's), as the owner. */
    const add = async (text: string, raw?: Record<string, unknown>) => {
      next += 1;
      const outcome = await items.addToList({
        viewer: accountViewer(OWNER),
        reference: { id: LIST, name: LIST },
        items: [{ id: `b0000000-0000-4000-8000-${String(next).padStart(12, '0')}`, text, due: raw ? parseDue(raw) : null }],
        maxPerList: 10_000,
        at: clock.now(),
      });
      if (!outcome.ok) throw new Error(outcome.reason);
      return outcome.items[0];
    };
    const stored = async (id: string) => (await items.findCandidates(LIST, { ids: [id], keys: [] }))[0];
    const counters = async () => {
      const list = await lists.findById(LIST);
      return { itemCount: list!.itemCount, openItemCount: list!.openItemCount, updatedAt: list!.updatedAt };
    };
    const types = async () =>
      (await log.read({ viewer: accountViewer(OWNER), after: null, limit: 500 })).events.map((entry) => entry.event.type);
    return { clock, service, add, stored, counters, types };
  }

  const weeklyMeeting = { date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO' };

  it('answers the item open at its next occurrence, stored so, at the same local time across the DST change', async () => {
    const { clock, service, add, stored, counters } = await world();
    const meeting = await add('meeting', weeklyMeeting);
    clock.advance(60_000);
    const { items } = await service.complete(accountViewer(EDITOR), LIST, [meeting.id]);
    expect(items).toEqual([
      {
        ...meeting,
        due: { ...meeting.due!, date: '2026-03-30', at: new Date('2026-03-30T07:00:00.000Z') },
        version: meeting.version + 2,
        updatedAt: clock.now(),
      },
    ]);
    expect(await stored(meeting.id)).toEqual(items[0]);
    expect(await counters()).toEqual({ itemCount: 1, openItemCount: 1, updatedAt: clock.now() });
  });

  it('matches a recurring item by its text, as any item', async () => {
    const { service, add } = await world();
    await add('Water the plants', { date: '2026-03-28', recurrence: 'FREQ=DAILY;INTERVAL=2' });
    const { items } = await service.complete(accountViewer(OWNER), LIST, ['water the plants']);
    expect(items[0]).toMatchObject({ completed: false, due: { date: '2026-03-30', at: null } });
  });

  it('closes the item as usual once COUNT is spent, keeping its last due', async () => {
    const { clock, service, add, counters } = await world();
    const pill = await add('pill', { date: '2026-05-01', recurrence: 'FREQ=DAILY;COUNT=2' });
    const [second] = (await service.complete(accountViewer(OWNER), LIST, [pill.id])).items;
    expect(second).toMatchObject({ completed: false, due: { date: '2026-05-02', seriesStart: '2026-05-01' } });
    const [last] = (await service.complete(accountViewer(OWNER), LIST, [pill.id])).items;
    expect(last).toMatchObject({ completed: true, completedBy: OWNER, completedAt: clock.now(), due: { date: '2026-05-02' } });
    expect(await counters()).toMatchObject({ itemCount: 1, openItemCount: 0 });
  });

  it('closes the item once UNTIL is passed', async () => {
    const { service, add } = await world();
    const rent = await add('rent', { date: '2026-01-30', recurrence: 'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260226' });
    expect((await service.complete(accountViewer(OWNER), LIST, [rent.id])).items[0]).toMatchObject({
      completed: true,
      due: { date: '2026-01-30' },
    });
  });

  it('advances the recurring items and closes the others of one action, answering in request order, with the events in order', async () => {
    const { service, add, counters, types } = await world();
    const milk = await add('milk');
    const bins = await add('bins', { date: '2026-06-02', recurrence: 'FREQ=WEEKLY;INTERVAL=2' });
    const once = await add('once', { date: '2026-06-02', recurrence: 'FREQ=DAILY;COUNT=1' });
    const { items } = await service.complete(accountViewer(OWNER), LIST, [bins.id, milk.id, once.id]);
    expect(items.map((item) => [item.text, item.completed, item.due?.date ?? null])).toEqual([
      ['bins', false, '2026-06-16'],
      ['milk', true, null],
      ['once', true, '2026-06-02'],
    ]);
    expect(await counters()).toMatchObject({ itemCount: 3, openItemCount: 1 });
    expect((await types()).slice(3)).toEqual(['item.completed', 'item.completed', 'item.completed', 'item.updated']);
  });

  it('reopens a completed recurring item as any item: its due stays', async () => {
    const { service, add } = await world();
    const once = await add('once', { date: '2026-06-02', recurrence: 'FREQ=DAILY;COUNT=1' });
    await service.complete(accountViewer(OWNER), LIST, [once.id]);
    const [reopened] = (await service.reopen(accountViewer(OWNER), LIST, [once.id])).items;
    expect(reopened).toMatchObject({ completed: false, due: { date: '2026-06-02' } });
  });

  it('refuses a viewer (403) and changes nothing', async () => {
    const { service, add, stored, types } = await world();
    const meeting = await add('meeting', weeklyMeeting);
    await expect(service.complete(accountViewer(VIEWER), LIST, [meeting.id])).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await stored(meeting.id)).toEqual(meeting);
    expect(await types()).toEqual(['item.added']);
  });
});
