import type { Viewer } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import { comparePositions, EventType, NewEvent } from '../domain/event';
import type { EventLog } from '../domain/event-log';

export interface EventLogSubject {
  log: EventLog;
  uow: UnitOfWork;
  /** An account (a users row in PostgreSQL); returns its id. */
  newUser(): Promise<string>;
  /** A list owned by `ownerId` (a lists row); returns its id. */
  newList(ownerId: string): Promise<string>;
  join(listId: string, userId: string): Promise<void>;
  leave(listId: string, userId: string): Promise<void>;
  /**
   * Resolves once every event recorded so far is readable. In PostgreSQL a reader sees an
   * event only when every transaction that could precede it has ended, on the whole server:
   * another test's open transaction delays it (that is the ordering rule, not a fault).
   */
  settled?(): Promise<void>;
}

const T0 = new Date('2026-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

/**
 * What every EventLog must do; run against the in-memory store (unit) and PostgreSQL (e2e).
 * Each case starts from an empty log.
 */
export function describeEventLogContract(adapter: string, setup: () => Promise<EventLogSubject>): void {
  describe(`EventLog contract: ${adapter}`, () => {
    let s: EventLogSubject;
    let owner: string;
    let listId: string;

    beforeEach(async () => {
      s = await setup();
      owner = await s.newUser();
      listId = await s.newList(owner);
    });

    const event = (type: EventType, note: string, list = listId, createdAt = T0): NewEvent => ({
      type,
      list: { id: list, name: 'Groceries' },
      actor: { id: owner, username: 'ada', name: 'Ada' },
      data: { note, nested: { b: 1, a: [1, 'two'] } },
      createdAt,
    });
    const record = async (...events: NewEvent[]) => {
      await s.uow.run(() => s.log.record(events));
      await s.settled?.();
    };
    /** A feed read of an account (a user id: every list it can see) or of a list-restricted key's viewer. */
    const read = (who: string | Viewer, extra: Partial<Parameters<EventLog['read']>[0]> = {}) =>
      s.log.read({ viewer: typeof who === 'string' ? accountViewer(who) : who, after: null, limit: 100, ...extra });
    const notes = async (who: string | Viewer, extra: Partial<Parameters<EventLog['read']>[0]> = {}) =>
      (await read(who, extra)).events.map((entry) => entry.event.data.note);
    /** A newest-first read, as `read` is an oldest-first one. */
    const readNewest = (who: string | Viewer, extra: Partial<Parameters<EventLog['readNewest']>[0]> = {}) =>
      s.log.readNewest({ viewer: typeof who === 'string' ? accountViewer(who) : who, before: null, limit: 100, ...extra });
    const newestNotes = async (who: string | Viewer, extra: Partial<Parameters<EventLog['readNewest']>[0]> = {}) =>
      (await readNewest(who, extra)).events.map((entry) => entry.event.data.note);

    it('serves events as recorded, in order, with an evt_ id and the time in ISO form', async () => {
      await record(event('list.created', 'one'), event('item.added', 'two'));
      await record(event('item.added', 'three'));
      const slice = await read(owner);
      expect(slice.expired).toBe(false);
      expect(slice.events.map((entry) => entry.event)).toEqual(
        ['one', 'two', 'three'].map((note, index) => ({
          id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
          type: index === 0 ? 'list.created' : 'item.added',
          created_at: '2026-06-01T12:00:00.000Z',
          list: { id: listId, name: 'Groceries' },
          actor: { id: owner, username: 'ada', name: 'Ada' },
          data: { note, nested: { b: 1, a: [1, 'two'] } },
          livemode: true,
        })),
      );
      // Field order is kept (json, not jsonb).
      expect(Object.keys(slice.events[0].event)).toEqual(['id', 'type', 'created_at', 'list', 'actor', 'data', 'livemode']);
      expect(JSON.stringify(slice.events[0].event.data)).toBe('{"note":"one","nested":{"b":1,"a":[1,"two"]}}');
      const positions = slice.events.map((entry) => entry.position);
      expect(comparePositions(positions[0], positions[1])).toBeLessThan(0);
      expect(comparePositions(positions[1], positions[2])).toBeLessThan(0);
      // Nothing new after what was reached.
      expect(comparePositions(slice.reachedTo, positions[2])).toBeGreaterThanOrEqual(0);
      expect((await read(owner, { after: slice.reachedTo })).events).toEqual([]);
    });

    it('records nothing when the unit of work fails', async () => {
      await expect(
        s.uow.run(async () => {
          await s.log.record([event('item.added', 'lost')]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // In memory nothing rolls back: services validate before they write, so only PostgreSQL can tell.
      if (adapter !== 'in-memory') expect(await notes(owner)).toEqual([]);
    });

    it('shows an event to those who could see the list when it was recorded', async () => {
      const [member, later, stranger] = [await s.newUser(), await s.newUser(), await s.newUser()];
      await s.join(listId, member);
      await record(event('item.added', 'both'));
      await s.join(listId, later);
      await s.leave(listId, member);
      await record(event('item.added', 'after'));
      expect(await notes(owner)).toEqual(['both', 'after']);
      expect(await notes(member)).toEqual(['both']);
      expect(await notes(later)).toEqual(['after']);
      expect(await notes(stranger)).toEqual([]);
    });

    it('filters by list and by type, and pages by limit', async () => {
      const other = await s.newList(owner);
      await record(event('list.created', 'a'), event('item.added', 'b'), event('list.created', 'c', other), event('item.removed', 'd'));
      expect(await notes(owner, { listId: other })).toEqual(['c']);
      expect(await notes(owner, { types: ['list.created', 'item.removed'] })).toEqual(['a', 'c', 'd']);
      expect(await notes(owner, { listId, types: ['item.added'] })).toEqual(['b']);
      const first = await read(owner, { limit: 3 });
      expect(first.events.map((entry) => entry.event.data.note)).toEqual(['a', 'b', 'c']);
      // A full page reaches exactly its last event: the next page starts right after it.
      expect(first.reachedTo).toEqual(first.events[2].position);
      expect(await notes(owner, { after: first.reachedTo })).toEqual(['d']);
    });

    it("shows a list-restricted key only its lists' events, within what the account could see", async () => {
      const other = await s.newList(owner);
      const foreign = await s.newList(await s.newUser());
      await record(event('item.added', 'mine'), event('item.added', 'other', other), event('item.added', 'foreign', foreign));
      expect(await notes({ userId: owner, listIds: [listId] })).toEqual(['mine']);
      expect(await notes({ userId: owner, listIds: [other, foreign] })).toEqual(['other']);
      expect(await notes({ userId: owner, listIds: [listId] }, { listId: other })).toEqual([]);
      expect(await notes({ userId: owner, listIds: [listId, other] }, { limit: 1 })).toEqual(['mine']);
      expect(await notes(owner)).toEqual(['mine', 'other']);
    });

    it('shows an event of two lists (a move between lists) to the audience of either, once, and through either list', async () => {
      const target = await s.newList(owner);
      const [ofSource, ofTarget, ofBoth, stranger] = [await s.newUser(), await s.newUser(), await s.newUser(), await s.newUser()];
      await s.join(listId, ofSource);
      await s.join(target, ofTarget);
      await s.join(listId, ofBoth);
      await s.join(target, ofBoth);
      await record({ ...event('item.moved', 'moved', target), fromListId: listId }, event('item.added', 'source only'));
      expect(await notes(owner)).toEqual(['moved', 'source only']);
      expect(await notes(ofSource)).toEqual(['moved', 'source only']);
      expect(await notes(ofTarget)).toEqual(['moved']);
      expect(await notes(ofBoth)).toEqual(['moved', 'source only']);
      expect(await notes(stranger)).toEqual([]);
      // It stands under the target list, and a key or a filter of either list reaches it.
      expect((await read(ofSource)).events[0].event.list.id).toBe(target);
      expect(await notes({ userId: ofBoth, listIds: [listId] })).toEqual(['moved', 'source only']);
      expect(await notes({ userId: ofBoth, listIds: [target] })).toEqual(['moved']);
      expect(await notes(ofBoth, { listId })).toEqual(['moved', 'source only']);
      expect(await notes(ofBoth, { listId: target })).toEqual(['moved']);
      expect(await notes(owner, { listId: await s.newList(owner) })).toEqual([]);
    });

    it("reads newest first, and pages back from the position of a page's last event with nothing lost or repeated", async () => {
      await record(event('list.created', 'a'));
      await record(event('item.added', 'b'), event('item.added', 'c'));
      await record(event('item.removed', 'd'));
      const all = await readNewest(owner);
      expect(all.events.map((entry) => entry.event.data.note)).toEqual(['d', 'c', 'b', 'a']);
      // The same events, with the same JSON and positions, as the oldest-first read shows.
      expect(all.events).toEqual((await read(owner)).events.reverse());

      const first = await readNewest(owner, { limit: 3 });
      expect(first.events.map((entry) => entry.event.data.note)).toEqual(['d', 'c', 'b']);
      const rest = await readNewest(owner, { limit: 3, before: first.events[2].position });
      expect(rest.events.map((entry) => entry.event.data.note)).toEqual(['a']);
      // Inside one recording: before its second event is its first.
      expect(await newestNotes(owner, { before: first.events[1].position })).toEqual(['b', 'a']);
      expect(await newestNotes(owner, { before: rest.events[0].position })).toEqual([]);
      expect(await newestNotes(owner, { before: { txid: '0', seq: 0 } })).toEqual([]);
      // A new event comes first in the next read from the top.
      await record(event('item.added', 'e'));
      expect(await newestNotes(owner, { limit: 2 })).toEqual(['e', 'd']);
    });

    it("applies the filters, who saw the list, and a key's lists to the newest-first read as to the oldest-first one", async () => {
      const other = await s.newList(owner);
      const foreign = await s.newList(await s.newUser());
      const [member, stranger] = [await s.newUser(), await s.newUser()];
      await s.join(listId, member);
      await record(event('list.created', 'a'), event('item.added', 'b'), event('list.created', 'c', other), event('item.removed', 'd'));
      await s.leave(listId, member);
      await record(event('item.added', 'e'), event('item.added', 'f', foreign), { ...event('item.moved', 'g', other), fromListId: listId });
      expect(await newestNotes(owner)).toEqual(['g', 'e', 'd', 'c', 'b', 'a']);
      expect(await newestNotes(owner, { listId: other })).toEqual(['g', 'c']);
      expect(await newestNotes(owner, { listId })).toEqual(['g', 'e', 'd', 'b', 'a']);
      expect(await newestNotes(owner, { types: ['list.created', 'item.removed'] })).toEqual(['d', 'c', 'a']);
      expect(await newestNotes(owner, { listId, types: ['item.added'] })).toEqual(['e', 'b']);
      // A member sees the events of their time on the list only; a stranger none.
      expect(await newestNotes(member)).toEqual(['d', 'b', 'a']);
      expect(await newestNotes(stranger)).toEqual([]);
      // A list-restricted key: its lists' events (a move reaches it through either list), within what the account saw.
      expect(await newestNotes({ userId: owner, listIds: [other, foreign] })).toEqual(['g', 'c']);
      expect(await newestNotes({ userId: owner, listIds: [listId] }, { listId: other })).toEqual(['g']);
      expect(await newestNotes({ userId: member, listIds: [other] })).toEqual([]);
      // Paged back under a filter and a key, each page the next of the filtered walk.
      const key: Viewer = { userId: owner, listIds: [listId] };
      const first = await readNewest(key, { types: ['item.added', 'item.removed', 'item.moved'], limit: 2 });
      expect(first.events.map((entry) => entry.event.data.note)).toEqual(['g', 'e']);
      expect(await newestNotes(key, { types: ['item.added', 'item.removed', 'item.moved'], before: first.events[1].position })).toEqual([
        'd',
        'b',
      ]);
      // Each viewer and filter: exactly the oldest-first read, reversed.
      for (const [who, extra] of [
        [member, {}],
        [owner, { listId: other }],
        [{ userId: owner, listIds: [listId] }, { types: ['item.added' as const] }],
      ] as const) {
        expect(await newestNotes(who, extra)).toEqual((await notes(who, extra)).reverse());
      }
    });

    it('present() is before every event recorded later, and after every event a read has already passed', async () => {
      await record(event('item.added', 'before'));
      const passed = (await read(owner)).reachedTo;
      const now = await s.log.present();
      expect(comparePositions(now, passed)).toBeGreaterThanOrEqual(0);
      await record(event('item.added', 'after'));
      // An event committed just before present() may still follow it (while an older
      // transaction is open somewhere, PostgreSQL cannot place it yet): at least once, never lost.
      expect((await notes(owner, { after: now })).filter((note) => note === 'after')).toEqual(['after']);
      expect(await notes(owner, { after: passed })).toEqual(['after']);
      expect((await read(owner, { after: now })).expired).toBe(false);
    });

    it('purges events created before a time in bounded batches; a position below what it deleted has expired', async () => {
      await record(event('item.added', 'old 1', listId, new Date(T0.getTime() - 40 * DAY)));
      const afterFirst = (await read(owner)).reachedTo;
      await record(event('item.added', 'old 2', listId, new Date(T0.getTime() - 31 * DAY)));
      const lastOld = (await read(owner)).events[1].position;
      const idle = await s.log.present();
      await record(event('item.added', 'new', listId, T0));
      const cutoff = new Date(T0.getTime() - 30 * DAY);

      expect(await s.log.purgeCreatedBefore(cutoff, 1)).toBe(1);
      expect(await notes(owner)).toEqual(['old 2', 'new']);
      expect(await s.log.purgeCreatedBefore(cutoff, 1)).toBe(1);
      expect(await s.log.purgeCreatedBefore(cutoff, 1)).toBe(0);
      expect(await notes(owner)).toEqual(['new']);

      // A reader that had not seen both deleted events may have missed one: expired.
      expect((await read(owner, { after: afterFirst })).expired).toBe(
        afterFirst.txid === lastOld.txid && afterFirst.seq >= lastOld.seq ? false : true,
      );
      expect((await read(owner, { after: { txid: '0', seq: 0 } })).expired).toBe(true);
      // One that had seen them, or marked "now" after them, missed nothing; nor does a read from the oldest kept.
      for (const after of [lastOld, idle]) {
        const slice = await read(owner, { after });
        expect(slice.expired).toBe(false);
        expect(slice.events.map((entry) => entry.event.data.note)).toEqual(['new']);
      }
      expect((await read(owner)).expired).toBe(false);
      // Newest first, what was deleted simply ends the walk: no position there has expired.
      expect(await newestNotes(owner)).toEqual(['new']);
      expect(await newestNotes(owner, { before: lastOld })).toEqual([]);
    });
  });
}
