import { itemJsonObjectSql, itemJsonTextSql } from '../persistence/item-json.sql';
import type { Item } from '../domain/item';
import { ITEM_FIELDS, presentItem } from './item-resource';

const item: Item = {
  id: '00000000-0000-4000-8000-000000000001',
  listId: '00000000-0000-4000-8000-000000000002',
  text: 'milk',
  completed: true,
  createdAt: new Date('2026-01-02T03:04:05.006Z'),
  createdBy: '00000000-0000-4000-8000-000000000003',
  completedAt: new Date('2026-01-02T04:00:00.000Z'),
  completedBy: '00000000-0000-4000-8000-000000000004',
  notes: 'semi-skimmed',
  due: {
    date: '2026-03-29',
    time: '09:30',
    timeZone: 'Europe/Berlin',
    recurrence: 'FREQ=WEEKLY;BYDAY=SU',
    at: new Date('2026-03-29T07:30:00.000Z'),
    seriesStart: '2026-03-01',
  },
  priority: 'high',
  labels: ['shop', 'Dairy'],
  assignee: { id: '00000000-0000-4000-8000-000000000005', username: 'ada', name: 'Ada' },
  position: '0000000000000007V',
  updatedAt: new Date('2026-01-02T04:00:00.000Z'),
  version: 2,
  seq: 7,
};

describe('the Item resource (ITEM_FIELDS)', () => {
  it('is what presentItem writes, field by field, in order, and never the store position', () => {
    expect(presentItem(item)).toEqual({
      id: item.id,
      list_id: item.listId,
      text: 'milk',
      notes: 'semi-skimmed',
      completed: true,
      created_at: '2026-01-02T03:04:05.006Z',
      created_by: item.createdBy,
      completed_at: '2026-01-02T04:00:00.000Z',
      completed_by: item.completedBy,
      due: {
        date: '2026-03-29',
        time: '09:30',
        time_zone: 'Europe/Berlin',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU',
        at: '2026-03-29T07:30:00.000Z',
      },
      priority: 'high',
      labels: ['shop', 'Dairy'],
      assignee: { id: '00000000-0000-4000-8000-000000000005', username: 'ada', name: 'Ada' },
      position: '0000000000000007V',
      updated_at: '2026-01-02T04:00:00.000Z',
      version: 2,
    });
    expect(Object.keys(presentItem(item))).toEqual(ITEM_FIELDS.map((field) => field.name));
    expect(presentItem({ ...item, completed: false, completedAt: null, completedBy: null })).toMatchObject({
      completed_at: null,
      completed_by: null,
    });
  });

  it('is what both SQL renderings name, each field once, in the same order', () => {
    const order = (sql: string, quote: string) =>
      ITEM_FIELDS.map((field) => sql.indexOf(`${quote}${field.name}${quote}`)).filter((at, i, all) => at > (all[i - 1] ?? -1));
    expect(order(itemJsonTextSql('t'), '"')).toHaveLength(ITEM_FIELDS.length);
    expect(
      order(
        itemJsonObjectSql((field) => `t.${field.column}`),
        "'",
      ),
    ).toHaveLength(ITEM_FIELDS.length);
  });
});
