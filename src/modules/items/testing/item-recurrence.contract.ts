import { accountViewer } from '../../../common/auth/reach';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import { type Due, nextOccurrence, parseDue } from '../domain/due';
import type { Item } from '../domain/item';
import type { ItemRepository } from '../domain/item.repository';
import { freshId } from './fresh-id';

const T0 = new Date('2026-03-20T10:00:00.123Z');
const T1 = new Date('2026-03-23T09:15:00.456Z');

/** What the recurrence half needs of describeItemRepositoryContract's subject (ItemRepositorySubject). */
interface RecurrenceSubject {
  items: ItemRepository;
  uow: UnitOfWork;
  owner: string;
  counters(listId: string): Promise<{ itemCount: number; openItemCount: number; updatedAt: Date | null }>;
}

/**
 * The recurrence half of the ItemRepository contract (advanceOccurrences, and a due's every
 * column kept through a write and a read), run by describeItemRepositoryContract against each store.
 */
export function describeItemRecurrenceContract(getSubject: () => RecurrenceSubject, getListId: () => string): void {
  describe('recurring items', () => {
    let s: RecurrenceSubject;
    let listId: string;
    beforeEach(() => {
      s = getSubject();
      listId = getListId();
    });

    const weekly = parseDue({ date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=5' })!;
    const daily = parseDue({ date: '2026-03-23', recurrence: 'FREQ=DAILY' })!;

    /** New items, each given its due by an edit (saveEdits) at T0: version 2. */
    async function insert(entries: Array<{ text: string; due?: Due }>): Promise<Item[]> {
      const outcome = await s.items.addToList({
        viewer: accountViewer(s.owner),
        reference: { id: listId, name: listId },
        items: entries.map((entry) => ({ id: freshId(), text: entry.text })),
        maxPerList: 10_000,
        at: T0,
      });
      if (!outcome.ok) throw new Error(`insert refused: ${outcome.reason}`);
      const edits = outcome.items.flatMap((item, i) => {
        const due = entries[i].due;
        return due ? [{ id: item.id, set: { due }, changes: ['due' as const] }] : [];
      });
      await s.uow.run(() => s.items.saveEdits(listId, edits, T0));
      return read(outcome.items.map((item) => item.id)) as Promise<Item[]>;
    }

    const read = async (ids: string[]) => {
      const rows = await s.items.findCandidates(listId, { ids, keys: [] });
      return ids.map((id) => rows.find((row) => row.id === id));
    };

    it('keeps every part of a due, the series start included, through a write and a read', async () => {
      const [meeting, chore] = await insert([
        { text: 'meeting', due: weekly },
        { text: 'chore', due: daily },
      ]);
      expect([meeting.due, chore.due]).toEqual([weekly, { ...daily, time: null, timeZone: null, at: null, seriesStart: '2026-03-23' }]);
    });

    it('reopens completed items at their next occurrence: due, completion cleared, version and updated_at moved, the open count back', async () => {
      const [meeting, chore, open] = await insert([{ text: 'meeting', due: weekly }, { text: 'chore', due: daily }, { text: 'open' }]);
      const nextMeeting = nextOccurrence(weekly)!;
      await s.uow.run(async () => {
        await s.items.setCompletion(listId, [meeting.id, chore.id], true, s.owner, T1);
        // `open` is not completed: it is left alone, though asked.
        await s.items.advanceOccurrences(
          listId,
          [
            { id: meeting.id, due: nextMeeting },
            { id: open.id, due: daily },
          ],
          T1,
        );
      });
      const [m, c, o] = await read([meeting.id, chore.id, open.id]);
      expect(m).toMatchObject({
        completed: false,
        completedAt: null,
        completedBy: null,
        due: {
          date: '2026-03-30',
          time: '09:00',
          timeZone: 'Europe/Berlin',
          at: new Date('2026-03-30T07:00:00.000Z'),
          seriesStart: '2026-03-23',
        },
        version: 4,
        updatedAt: T1,
      });
      expect(c).toMatchObject({ completed: true, completedAt: T1, completedBy: s.owner, due: daily, version: 3 });
      expect(o).toEqual(open);
      expect(await s.counters(listId)).toEqual({ itemCount: 3, openItemCount: 2, updatedAt: T1 });
    });

    it('changes nothing when no item is completed or none is named', async () => {
      const [meeting] = await insert([{ text: 'meeting', due: weekly }]);
      await s.uow.run(async () => {
        await s.items.advanceOccurrences(listId, [{ id: meeting.id, due: nextOccurrence(weekly)! }], T1);
        await s.items.advanceOccurrences(listId, [], T1);
      });
      expect(await read([meeting.id])).toEqual([meeting]);
      expect(await s.counters(listId)).toEqual({ itemCount: 1, openItemCount: 1, updatedAt: T0 });
    });
  });
}
