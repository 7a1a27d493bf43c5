import { eventKeysOfListsCte, itemsWrittenListCte, NEXT_EVENT_TXID_SET } from './list-rows.sql';

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe("the lists row's SQL fragments (the lists module's, ADR 0011)", () => {
  it("moves the counters, updated_at and the events' order key of the one list, when the statement's condition holds", () => {
    const sql = squeeze(itemsWrittenListCte({ listId: '$1', items: '$2', openItems: '$3', at: '$4', when: 'item_count + $2 <= $5' }));
    expect(sql).toBe(
      `list AS ( UPDATE lists SET item_count = item_count + $2, open_item_count = open_item_count + $3, updated_at = $4, ` +
        `${NEXT_EVENT_TXID_SET} WHERE id = $1 AND item_count + $2 <= $5 RETURNING id, name, last_event_txid, audience )`,
    );
  });

  it("takes the events' order key of the lists a statement records events of, and nothing else", () => {
    expect(squeeze(eventKeysOfListsCte('keyed', 'SELECT list_id FROM n'))).toBe(
      `keyed AS ( UPDATE lists SET ${NEXT_EVENT_TXID_SET} WHERE id IN (SELECT list_id FROM n) RETURNING id, last_event_txid )`,
    );
  });

  it('leaves item_count alone when the statement adds or removes no item', () => {
    const sql = squeeze(itemsWrittenListCte({ listId: '$1', openItems: '-1', at: '$4', when: 'true' }));
    expect(sql).not.toContain('item_count = item_count');
    expect(sql).toContain('SET open_item_count = open_item_count + -1, updated_at = $4');
  });
});
