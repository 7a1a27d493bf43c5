import { MigrationInterface, QueryRunner } from 'typeorm';

/** The due order's first two values, written as item-view.sql.ts writes them (DUE_DATE_KEY, DUE_AT_KEY). */
const DUE_KEYS = `(COALESCE(due_date, 'infinity'::date)), (COALESCE(due_at, '-infinity'::timestamptz))`;

/**
 * A list's items in due order read items_list_dated_due_idx, which holds only the items that
 * have a due date, instead of items_list_due_idx, which held every item.
 *
 * An undated item's due keys are the same two constants (`infinity`, `-infinity`), so its place
 * in a list's due order is its position and seq, which items_list_position_idx already keeps:
 * a due page of one list reads the dated items through this index and the undated ones through
 * that one (duePageSource, src/modules/items/infrastructure/typeorm/typeorm-item-page.read-model.ts).
 * Most items have no due date, and an item without one costs this index nothing on insert:
 * 20-row inserts of undated items, with the items table's other indexes, ran about 16 % more
 * per second with it than with items_list_due_idx (pgbench, 8 clients; docs/performance.md,
 * "What section 13 costs the hot paths").
 *
 * Built before the old index is dropped, in this migration's transaction (SHARE while it is
 * built: writes wait, reads do not). Instances of the release before this one, during a rolling
 * start, read a list's due page without an index of their statement's order: the same answer,
 * found by reading and sorting the list's items (at most 10,000).
 */
export class ListDatedDueIndex1763801950000 implements MigrationInterface {
  name = 'ListDatedDueIndex1763801950000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX items_list_dated_due_idx ON items (list_id, ${DUE_KEYS}, position, seq) WHERE due_date IS NOT NULL`);
    await q.query(`DROP INDEX items_list_due_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX items_list_due_idx ON items (list_id, ${DUE_KEYS}, position, seq)`);
    await q.query(`DROP INDEX items_list_dated_due_idx`);
  }
}
