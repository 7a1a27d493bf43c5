import fc from 'fast-check';
import { ITEM_PRIORITIES, type Item } from '../domain/item';
import { presentItem, presentPage, renderItems } from './item.presenter';

const item = fc.record({
  id: fc.uuid(),
  listId: fc.uuid(),
  seq: fc.nat(),
  text: fc.string({ unit: 'binary', maxLength: 20 }),
  completed: fc.boolean(),
  createdAt: fc.date({ noInvalidDate: true }),
  createdBy: fc.uuid(),
  completedAt: fc.option(fc.date({ noInvalidDate: true })),
  completedBy: fc.option(fc.uuid()),
  notes: fc.string({ unit: 'binary', maxLength: 20 }),
  due: fc.option(
    fc.record({
      date: fc.constant('2026-03-29'),
      time: fc.option(fc.constant('02:30')),
      timeZone: fc.option(fc.constant('Europe/Berlin')),
      recurrence: fc.option(fc.constant('FREQ=DAILY')),
      at: fc.option(fc.date({ noInvalidDate: true })),
      seriesStart: fc.option(fc.constant('2026-03-01')),
    }),
  ),
  priority: fc.constantFrom(...ITEM_PRIORITIES),
  labels: fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }), { maxLength: 3 }),
  assignee: fc.option(
    fc.record({ id: fc.uuid(), username: fc.string({ maxLength: 10 }), name: fc.string({ unit: 'binary', maxLength: 10 }) }),
  ),
  position: fc.string({ maxLength: 20 }),
  updatedAt: fc.date({ noInvalidDate: true }),
  version: fc.nat(),
}) satisfies fc.Arbitrary<Item>;

describe('presentPage', () => {
  it('writes the same bytes as JSON.stringify of the page as objects, with the rendered items put in as they are', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.array(item, { maxLength: 5 }),
        fc.option(fc.string({ unit: 'binary', maxLength: 20 })),
        (id, name, items, nextCursor) => {
          const rendered = renderItems(items);
          expect(rendered).toEqual({ json: rendered.json, count: items.length, lastSeq: items.at(-1)?.seq });
          expect(presentPage({ list: { id, name }, items: rendered, nextCursor, etag: null, notModified: false }).text).toBe(
            JSON.stringify({ list: { id, name }, items: items.map(presentItem), next_cursor: nextCursor }),
          );
        },
      ),
    );
  });
});
