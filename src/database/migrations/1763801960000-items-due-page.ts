import { MigrationInterface, QueryRunner } from 'typeorm';

/** The due order's values, written as item-view.sql.ts writes them (DUE_DATE_KEY, DUE_AT_KEY, then position and seq). */
const DUE_ORDER = `COALESCE(due_date, 'infinity'::date), COALESCE(due_at, '-infinity'::timestamptz), position, seq`;

/**
 * items_due_page(): a list's page in the due order, all items or one status, after a cursor
 * (the due order's four values, null for the first page), at most `p_limit` items: its dated
 * items through items_list_dated_due_idx (1763801950000-list-dated-due-index.ts), then, only when
 * they leave room, its undated ones through items_list_position_idx (an undated item's due keys
 * are the same two constants, so its place among them is its position and seq). A cursor at an
 * undated item skips the dated part.
 *
 * Its plan is pinned to those ordered index range scans, as items_position_page() pins the
 * position order's (1763801600000-item-views.ts): the statement reads the list's id from the
 * visibility CTE, so the planner sizes a list by the table's average, and for a small estimate
 * it prefers reading every dated item of the list and sorting them, which for a list of
 * thousands reads thousands of rows to answer a page.
 */
export class ItemsDuePage1763801960000 implements MigrationInterface {
  name = 'ItemsDuePage1763801960000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION items_due_page(p_list uuid, p_after_date date, p_after_at timestamptz, p_after_position text,
                                     p_after_seq bigint, p_limit integer, p_completed boolean)
      RETURNS SETOF items
      LANGUAGE plpgsql STABLE
      SET enable_sort = off
      SET enable_bitmapscan = off
      SET enable_seqscan = off
      AS $$
      DECLARE
        dated integer := 0;
      BEGIN
        IF p_after_seq IS NULL THEN
          RETURN QUERY SELECT * FROM items
            WHERE list_id = p_list AND due_date IS NOT NULL AND (p_completed IS NULL OR completed = p_completed)
            ORDER BY ${DUE_ORDER} LIMIT p_limit;
          GET DIAGNOSTICS dated = ROW_COUNT;
        ELSIF p_after_date <> 'infinity'::date THEN
          RETURN QUERY SELECT * FROM items
            WHERE list_id = p_list AND due_date IS NOT NULL AND (p_completed IS NULL OR completed = p_completed)
              AND (${DUE_ORDER}) > (p_after_date, p_after_at, p_after_position, p_after_seq)
            ORDER BY ${DUE_ORDER} LIMIT p_limit;
          GET DIAGNOSTICS dated = ROW_COUNT;
        END IF;
        IF dated >= p_limit THEN
          RETURN;
        END IF;
        IF p_after_seq IS NULL OR p_after_date <> 'infinity'::date THEN
          RETURN QUERY SELECT * FROM items
            WHERE list_id = p_list AND due_date IS NULL AND (p_completed IS NULL OR completed = p_completed)
            ORDER BY position, seq LIMIT p_limit - dated;
        ELSE
          RETURN QUERY SELECT * FROM items
            WHERE list_id = p_list AND due_date IS NULL AND (p_completed IS NULL OR completed = p_completed)
              AND (position, seq) > (p_after_position, p_after_seq)
            ORDER BY position, seq LIMIT p_limit - dated;
        END IF;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION items_due_page(uuid, date, timestamptz, text, bigint, integer, boolean)');
  }
}
