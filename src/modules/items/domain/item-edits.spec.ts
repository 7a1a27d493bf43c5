import type { Item } from './item';
import { asksSomething, editedLabels, editOf, ifMatchHolds, readIfMatch } from './item-edits';
import { readPlacement } from './item-edits.service';

const item = (overrides: Partial<Item> = {}): Item => ({
  id: '00000000-0000-4000-8000-000000000001',
  listId: '00000000-0000-4000-8000-0000000000f1',
  text: 'milk',
  notes: '',
  completed: false,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  createdBy: '00000000-0000-4000-8000-00000000000a',
  completedAt: null,
  completedBy: null,
  due: null,
  priority: 'none',
  labels: [],
  assignee: null,
  position: '0000000000000001V',
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
  version: 1,
  seq: 1,
  ...overrides,
});

const due = (date: string, recurrence: string | null = null) => ({
  date,
  time: null,
  timeZone: null,
  recurrence,
  at: null,
  seriesStart: recurrence ? date : null,
});

describe('item edits', () => {
  describe('editOf', () => {
    it('lists the fields that really change, in the resource’s order, with their new values', () => {
      const edit = editOf(item(), {
        assigneeId: 'u1',
        labels: ['a'],
        text: 'oat milk',
        priority: 'high',
        notes: 'n',
        due: due('2026-02-01'),
      });
      expect(edit.changes).toEqual(['text', 'notes', 'due', 'priority', 'labels', 'assignee']);
      expect(edit.set).toEqual({ text: 'oat milk', notes: 'n', due: due('2026-02-01'), priority: 'high', labels: ['a'], assigneeId: 'u1' });
    });

    it('changes nothing for values the item already has', () => {
      const current = item({
        notes: 'n',
        due: due('2026-02-01', 'FREQ=DAILY'),
        priority: 'low',
        labels: ['a', 'B'],
        assignee: { id: 'u1', username: 'u', name: 'U' },
      });
      const edit = editOf(current, {
        text: 'milk',
        notes: 'n',
        due: { ...due('2026-02-01', 'FREQ=DAILY'), seriesStart: '2025-01-01' },
        priority: 'low',
        labels: ['a', 'B'],
        assigneeId: 'u1',
        addLabels: undefined,
      });
      expect(edit).toEqual({ id: current.id, set: {}, changes: [] });
      expect(editOf(current, { due: null, assigneeId: null }).changes).toEqual(['due', 'assignee']);
      // Labels in another order or case are a change (they are kept as given).
      expect(editOf(current, { labels: ['B', 'a'] }).changes).toEqual(['labels']);
      expect(editOf(current, { labels: ['A', 'B'] }).changes).toEqual(['labels']);
    });
  });

  describe('editedLabels', () => {
    it('removes first (case-insensitively, ignoring absent ones), then appends those missing, keeping the present in place', () => {
      expect(editedLabels(['one', 'Two', 'three'], { removeLabels: ['ONE', 'none'], addLabels: ['two', 'four', 'FOUR'] }, 'f')).toEqual([
        'Two',
        'three',
        'four',
      ]);
      expect(editedLabels(['a'], { labels: ['x', 'y'] }, 'f')).toEqual(['x', 'y']);
    });

    it('refuses more than 10 labels, naming the field', () => {
      const nine = Array.from({ length: 9 }, (_, i) => `l${i}`);
      expect(editedLabels(nine, { addLabels: ['x'] }, 'set.add_labels')).toHaveLength(10);
      expect(() => editedLabels(nine, { addLabels: ['x', 'y'] }, 'set.add_labels')).toThrow(
        expect.objectContaining({ kind: 'invalid', message: expect.stringMatching(/^set\.add_labels: .*at most 10/) }),
      );
    });
  });

  it('asksSomething: an empty edit asks nothing', () => {
    expect(asksSomething({})).toBe(false);
    expect(asksSomething({ assigneeId: null })).toBe(true);
    expect(asksSomething({ due: null })).toBe(true);
  });

  it('reads If-Match: absent, *, strong tags (a weak or malformed tag names no version)', () => {
    expect(readIfMatch(undefined)).toBeNull();
    expect(readIfMatch(' * ')).toBe('*');
    expect(readIfMatch('"3"')).toEqual([3]);
    expect(readIfMatch('"1", "7" ,W/"8", 9, "x"')).toEqual([1, 7]);
    expect(ifMatchHolds(null, 4)).toBe(true);
    expect(ifMatchHolds('*', 4)).toBe(true);
    expect(ifMatchHolds([3], 4)).toBe(false);
    expect(ifMatchHolds(readIfMatch('W/"4"'), 4)).toBe(false);
    expect(ifMatchHolds([3, 4], 4)).toBe(true);
  });

  it('reads a move’s placement: at most one of before, after and to; the bottom by default', () => {
    expect(readPlacement({})).toEqual({ to: 'bottom' });
    expect(readPlacement({ to: 'top' })).toEqual({ to: 'top' });
    expect(readPlacement({ before: ' milk ' })).toEqual({ before: 'milk' });
    expect(readPlacement({ after: 'x', toList: 'Other' })).toEqual({ after: 'x' });
    expect(() => readPlacement({ before: 'a', to: 'top' })).toThrow(expect.objectContaining({ kind: 'invalid', code: 'MOVE_PLACEMENT' }));
    expect(() => readPlacement({ before: 'a', after: 'b' })).toThrow(/before, after/);
    expect(() => readPlacement({ before: '  ' })).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });
});
