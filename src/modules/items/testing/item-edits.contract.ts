import { accountViewer } from '../../../common/auth/reach';
import type { Item, NewItem } from '../domain/item';
import type { ItemEdit } from '../domain/item-edits';
import { positionsBetween } from '../domain/position';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { ItemRepository } from '../domain/item.repository';
import { freshId } from './fresh-id';

const T0 = new Date('2026-04-01T10:00:00.123Z');
const T1 = new Date('2026-04-02T11:30:00.456Z');

/** What the edits half needs of describeItemRepositoryContract's subject (ItemRepositorySubject). */
interface EditsSubject {
  items: ItemRepository;
  uow: UnitOfWork;
  owner: string;
  newList(): Promise<string>;
  addMember(listId: string, role: 'editor' | 'viewer'): Promise<string>;
  counters(listId: string): Promise<{ itemCount: number; openItemCount: number; updatedAt: Date | null }>;
}

/**
 * The edit and move half of the ItemRepository contract (saveEdits, findAssignedTo, gapAt,
 * moveItems), run by describeItemRepositoryContract against each store.
 */
export function describeItemEditsContract(getSubject: () => EditsSubject, getListId: () => string): void {
  describe('edits and moves', () => {
    let s: EditsSubject;
    let listId: string;
    beforeEach(() => {
      s = getSubject();
      listId = getListId();
    });

    async function insert(list: string, texts: string[], extra: Partial<NewItem> = {}): Promise<Item[]> {
      const drafts = texts.map((text) => ({ id: freshId(), text, ...extra }));
      const outcome = await s.items.addToList({
        viewer: accountViewer(s.owner),
        reference: { id: list, name: list },
        items: drafts,
        maxPerList: 10_000,
        at: T0,
      });
      if (!outcome.ok) throw new Error(`insert refused: ${outcome.reason}`);
      return outcome.items;
    }

    const read = async (list: string, ids: string[]) => {
      const rows = await s.items.findCandidates(list, { ids, keys: [] });
      return ids.map((id) => rows.find((row) => row.id === id));
    };
    const inUnit = <T>(work: () => Promise<T>) => s.uow.run(work);

    it('writes the fields an edit changes, moves its version and updated_at, and the list’s updated_at, not its counters', async () => {
      const [milk, bread] = await insert(listId, ['milk', 'bread']);
      const edits: ItemEdit[] = [
        {
          id: milk.id,
          set: {
            text: 'oat milk',
            notes: 'the blue one',
            due: {
              date: '2026-05-04',
              time: '09:30',
              timeZone: 'Europe/Berlin',
              recurrence: 'FREQ=WEEKLY',
              at: new Date('2026-05-04T07:30:00.000Z'),
              seriesStart: '2026-05-04',
            },
            priority: 'high',
            labels: ['Shop', 'dairy'],
            assigneeId: s.owner,
          },
          changes: ['text', 'notes', 'due', 'priority', 'labels', 'assignee'],
        },
        { id: bread.id, set: {}, changes: [] },
      ];
      await inUnit(() => s.items.saveEdits(listId, edits, T1));
      const [m, b] = await read(listId, [milk.id, bread.id]);
      expect(m).toMatchObject({
        text: 'oat milk',
        notes: 'the blue one',
        due: {
          date: '2026-05-04',
          time: '09:30',
          timeZone: 'Europe/Berlin',
          recurrence: 'FREQ=WEEKLY',
          at: new Date('2026-05-04T07:30:00.000Z'),
        },
        priority: 'high',
        labels: ['Shop', 'dairy'],
        assignee: { id: s.owner, username: expect.any(String), name: expect.any(String) },
        version: 2,
        updatedAt: T1,
        position: milk.position,
        completed: false,
      });
      // An edit that changes nothing is not written.
      expect(b).toEqual(bread);
      expect(await s.counters(listId)).toEqual({ itemCount: 2, openItemCount: 2, updatedAt: T1 });
      // The item is found by its new text.
      expect((await s.items.findCandidates(listId, { ids: [], keys: ['oat milk'] })).map((i) => i.id)).toEqual([milk.id]);

      // null clears the due and the assignee; the fields not named keep their values.
      await inUnit(() =>
        s.items.saveEdits(listId, [{ id: milk.id, set: { due: null, assigneeId: null }, changes: ['due', 'assignee'] }], T1),
      );
      expect(await read(listId, [milk.id])).toEqual([
        expect.objectContaining({ due: null, assignee: null, notes: 'the blue one', labels: ['Shop', 'dairy'], version: 3 }),
      ]);
    });

    it('finds the items assigned to a user, oldest first', async () => {
      const member = await s.addMember(listId, 'editor');
      const [a, , c] = await insert(listId, ['a', 'b', 'c']);
      await inUnit(() =>
        s.items.saveEdits(
          listId,
          [c, a].map((item) => ({ id: item.id, set: { assigneeId: member }, changes: ['assignee'] })),
          T1,
        ),
      );
      expect((await s.items.findAssignedTo(listId, member)).map((i) => i.text)).toEqual(['a', 'c']);
      expect(await s.items.findAssignedTo(listId, s.owner)).toEqual([]);
    });

    it('finds the gap a block goes into, leaving the moving items out', async () => {
      const [a, b, c, d] = await insert(listId, ['a', 'b', 'c', 'd']);
      const gap = (placement: Parameters<typeof s.items.gapAt>[1], moving: Item[]) =>
        s.items.gapAt(
          listId,
          placement,
          moving.map((i) => i.id),
        );
      expect(await gap({ to: 'top' }, [a])).toEqual({ lower: null, upper: b.position });
      expect(await gap({ to: 'bottom' }, [d])).toEqual({ lower: c.position, upper: null });
      expect(await gap({ before: c.id }, [b])).toEqual({ lower: a.position, upper: c.position });
      expect(await gap({ after: a.id }, [b, c])).toEqual({ lower: a.position, upper: d.position });
      expect(await gap({ after: d.id }, [])).toEqual({ lower: d.position, upper: null });
      const empty = await s.newList();
      expect(await s.items.gapAt(empty, { to: 'bottom' }, [])).toEqual({ lower: null, upper: null });
    });

    it('moves items within a list: new positions, new versions, the assignee cleared where asked', async () => {
      const [a, b, c] = await insert(listId, ['a', 'b', 'c'], { assigneeId: s.owner });
      const [first] = positionsBetween(null, a.position, 1);
      const moved = await inUnit(() =>
        s.items.moveItems({
          from: listId,
          to: listId,
          moves: [{ id: c.id, position: first, clearAssignee: true }],
          at: T1,
          maxPerList: 10_000,
        }),
      );
      expect(moved).toBe(true);
      const [nowA, nowB, nowC] = await read(listId, [a.id, b.id, c.id]);
      expect(nowC).toMatchObject({ position: first, version: 2, updatedAt: T1, assignee: null, listId });
      expect(nowA).toEqual(a);
      expect(nowB).toEqual(b);
      expect(await s.counters(listId)).toEqual({ itemCount: 3, openItemCount: 3, updatedAt: T1 });
    });

    it('moves items to another list: ids and fields kept, both counters exact; refuses past the limit, writing nothing', async () => {
      const target = await s.newList();
      const [x] = await insert(target, ['x']);
      const [a, b] = await insert(listId, ['a', 'b']);
      await inUnit(() => s.items.setCompletion(listId, [b.id], true, s.owner, T0));
      const keys = positionsBetween(x.position, null, 2);
      const refused = await inUnit(() =>
        s.items.moveItems({
          from: listId,
          to: target,
          moves: [a, b].map((item, i) => ({ id: item.id, position: keys[i], clearAssignee: false })),
          at: T1,
          maxPerList: 2,
        }),
      );
      expect(refused).toBe(false);
      expect(await read(listId, [a.id, b.id])).toEqual([a, expect.objectContaining({ id: b.id, completed: true })]);
      expect(await s.counters(target)).toEqual({ itemCount: 1, openItemCount: 1, updatedAt: T0 });

      const moved = await inUnit(() =>
        s.items.moveItems({
          from: listId,
          to: target,
          moves: [a, b].map((item, i) => ({ id: item.id, position: keys[i], clearAssignee: false })),
          at: T1,
          maxPerList: 3,
        }),
      );
      expect(moved).toBe(true);
      expect(await read(listId, [a.id, b.id])).toEqual([undefined, undefined]);
      const [nowA, nowB] = await read(target, [a.id, b.id]);
      expect(nowA).toMatchObject({
        id: a.id,
        text: 'a',
        listId: target,
        position: keys[0],
        version: 2,
        updatedAt: T1,
        createdAt: a.createdAt,
      });
      expect(nowB).toMatchObject({ id: b.id, listId: target, position: keys[1], completed: true });
      expect(await s.counters(listId)).toEqual({ itemCount: 0, openItemCount: 0, updatedAt: T1 });
      expect(await s.counters(target)).toEqual({ itemCount: 3, openItemCount: 2, updatedAt: T1 });
    });
  });
}
