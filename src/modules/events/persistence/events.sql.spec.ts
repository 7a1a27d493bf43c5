import { ITEM_FIELDS } from '../../items/application/item-resource';
import { itemEventValueSql } from '../../items/persistence/item-json.sql';
import { eventPayloadSql, eventsOfRowSql, recordAddedItemsSql, recordItemEventsSql } from './events.sql';

/** The fields an events row keeps per item, as ITEM_FIELDS gives them. */
const perItem = ITEM_FIELDS.filter((field) => field.eventsColumn !== null);

/** The comma-separated list inside the first `open … )` of `sql` after `after`. */
const listAfter = (sql: string, after: string | RegExp): string[] => {
  const match = sql.match(after);
  if (!match || match.index === undefined) throw new Error(`no ${String(after)} in ${sql}`);
  const start = match.index + match[0].length;
  return sql
    .slice(start, sql.indexOf(')', start))
    .split(',')
    .map((part) => part.trim());
};

describe("the events outbox's SQL fragments (the events module's, ADR 0011)", () => {
  it('write, expand and render the same item columns, in the same order, every field of ITEM_FIELDS that an item row keeps', () => {
    const recorded = recordItemEventsSql({ rows: 'changed', ids: '$2', type: "'item.removed'", at: '$3', actor: '$4', eventId: '$5' });
    const columns = listAfter(recorded, /INSERT INTO events \(/).slice(7);
    expect(columns).toEqual(perItem.map((field) => field.eventsColumn));
    expect(recorded).toContain(perItem.map((field) => `array_agg(${itemEventValueSql(field, 'x')} ORDER BY x.ord)`).join(', '));

    const expanded = eventsOfRowSql('e', 'x');
    expect(listAfter(expanded, /WITH ORDINALITY AS x\(/)).toEqual([...perItem.map((field) => field.name), 'i']);
    expect(listAfter(expanded, /unnest\(COALESCE\(/)[0]).toBe('e.item_ids');
    expect(expanded).toContain(
      perItem
        .slice(1)
        .map((field) => `e.${field.eventsColumn}`)
        .join(', '),
    );

    const rendered = eventPayloadSql('e', 'x');
    for (const field of ITEM_FIELDS) expect(rendered).toContain(`'${field.name}', `);
  });

  it("records an add's items from the values the add gives, by field, and leaves every other field null", () => {
    const sql = recordAddedItemsSql({ eventId: '$1', at: '$2', actor: '$3', items: { text: '$5', id: '$4' } });
    expect(listAfter(sql, /INSERT INTO events \(/).slice(7)).toEqual(['item_ids', 'item_texts']);
    expect(sql).toMatch(/\$4,\s+\$5\s+FROM list/);
  });
});
