import { TOOLS_BY_NAME } from './tools';

/** The one-line summaries of the tools of section 13: what a client that shows only text reads first. */
const summary = (name: string, facts: unknown) => (TOOLS_BY_NAME.get(name)!.summary as (data: unknown) => string)(facts);

const list = { id: 'l1', name: 'Groceries' };

describe('tool summaries', () => {
  it('get_items names the count, the list, the filters and the order, or the next page of a cursor', () => {
    expect(summary('get_items', { list, count: 3, sort: 'position', filtered: false, next_cursor: null })).toBe(
      '3 items of "Groceries", in list order',
    );
    expect(summary('get_items', { list, count: 1, sort: 'due', filtered: true, next_cursor: 'c' })).toBe(
      '1 item of "Groceries" matching the filters, soonest due first; more follow (pass next_cursor as cursor)',
    );
    expect(summary('get_items', { list, count: 2, sort: null, filtered: false, next_cursor: null })).toBe(
      '2 items of "Groceries", the next page',
    );
  });

  it('find_items counts the items and the lists they are on', () => {
    expect(
      summary('find_items', { lists: [list, { id: 'l2', name: 'Work' }], count: 3, sort: 'due', filtered: true, next_cursor: null }),
    ).toBe('3 items in 2 lists matching the filters, soonest due first');
    expect(summary('find_items', { lists: [], count: 0, sort: 'priority', filtered: false, next_cursor: null })).toBe(
      '0 items in 0 lists, highest priority first',
    );
  });

  it('update_items and move_items count the items and name the list they are now in', () => {
    const items = [{}, {}];
    expect(summary('update_items', { list, items })).toBe('Updated 2 items in "Groceries"');
    expect(summary('move_items', { list, items: [{}] })).toBe('Moved 1 item, now in "Groceries"');
  });
});
