import { MigrationInterface, QueryRunner } from 'typeorm';

/** A missing due date sorts last, an all-day due before a timed one on its date: the `due` order's first two values. */
const DUE_KEYS = `(COALESCE(due_date, 'infinity'::date)), (COALESCE(due_at, '-infinity'::timestamptz))`;

/**
 * The indexes of the views of items (API.md section 13, "Views"; the statements are in
 * src/modules/items/infrastructure/typeorm/item-view.sql.ts, which writes every indexed
 * expression exactly as here), and items_position_page(), the plain page in position order.
 *
 * - items_list_position_idx (list_id, position, seq) and items_list_status_position_idx
 *   (list_id, completed, position, seq): a list's page in its default order, all items or one
 *   status. They replace (list_id, seq) and (list_id, completed, seq), which ordered pages by
 *   creation; `seq` stays the last value of every order (unique: a total order for keysets).
 * - items_list_due_idx (list_id, due keys, position, seq): a list's items by due, and the due
 *   ranges of each list a caller sees (GET /v1/items).
 * - items_due_idx (due keys, position, seq): GET /v1/items in its default order (due), walked in
 *   order with the caller's lists as a condition, stopping after a page.
 * - items_assignee_due_idx (assignee_id, completed, due keys, position, seq), only of assigned
 *   items: "due this week and assigned to me" reads the caller's own open items in due order,
 *   however many items the lists they see hold.
 * - items_label_keys_idx, GIN on label_keys of labelled items only: the `label` filter
 *   (`label_keys <> '{}' AND label_keys @> ARRAY[key]`, the first condition matching the
 *   index's predicate). An item without labels, most of them, costs the index nothing on insert.
 * - items_words_idx, GIN trigrams (pg_trgm) of text and notes: `q`'s words
 *   (`(text || E'\n' || notes) ILIKE '%word%'`, one condition per word; a word of fewer than
 *   three characters has no trigram and is checked row by row).
 *
 * pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database's owner may
 * create it. It is created once, in `public`, where both modes' connections find it
 * (search_path `sandbox, public` for test mode).
 *
 * items_position_page() pins the ordered range scan of the position indexes, as items_page()
 * (migration 1763800400000-items-page.ts, kept for instances of the previous release during a
 * rolling deploy) did for `seq`: with statistics missing or stale, the planner may otherwise
 * pick a bitmap scan and a sort, which reads a whole list to answer a page.
 */
export class ItemViews1763801600000 implements MigrationInterface {
  name = 'ItemViews1763801600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await q.query(`CREATE INDEX items_list_position_idx ON items (list_id, position, seq)`);
    await q.query(`CREATE INDEX items_list_status_position_idx ON items (list_id, completed, position, seq)`);
    await q.query(`DROP INDEX items_list_seq_idx`);
    await q.query(`DROP INDEX items_list_status_seq_idx`);
    await q.query(`CREATE INDEX items_list_due_idx ON items (list_id, ${DUE_KEYS}, position, seq)`);
    await q.query(`CREATE INDEX items_due_idx ON items (${DUE_KEYS}, position, seq)`);
    await q.query(
      `CREATE INDEX items_assignee_due_idx ON items (assignee_id, completed, ${DUE_KEYS}, position, seq) WHERE assignee_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX items_label_keys_idx ON items USING gin (label_keys) WHERE label_keys <> '{}'`);
    await q.query(`CREATE INDEX items_words_idx ON items USING gin ((text || E'\\n' || notes) public.gin_trgm_ops)`);
    await q.query(`
      CREATE FUNCTION items_position_page(p_list uuid, p_after_position text, p_after_seq bigint, p_limit integer, p_completed boolean)
      RETURNS SETOF items
      LANGUAGE plpgsql STABLE
      SET enable_sort = off
      SET enable_bitmapscan = off
      SET enable_seqscan = off
      AS $$
      BEGIN
        IF p_completed IS NULL THEN
          IF p_after_seq IS NULL THEN
            RETURN QUERY SELECT * FROM items WHERE list_id = p_list ORDER BY position, seq LIMIT p_limit;
          ELSE
            RETURN QUERY SELECT * FROM items
              WHERE list_id = p_list AND (position, seq) > (p_after_position, p_after_seq)
              ORDER BY position, seq LIMIT p_limit;
          END IF;
        ELSIF p_after_seq IS NULL THEN
          RETURN QUERY SELECT * FROM items
            WHERE list_id = p_list AND completed = p_completed ORDER BY completed, position, seq LIMIT p_limit;
        ELSE
          -- As in items_page(): the row comparison and ORDER BY (completed, position, seq) match
          -- only items_list_status_position_idx's order, and "completed <= p_completed" ends the
          -- range at the last entry of the status.
          RETURN QUERY SELECT * FROM items
            WHERE list_id = p_list AND (completed, position, seq) > (p_completed, p_after_position, p_after_seq)
              AND completed <= p_completed
            ORDER BY completed, position, seq LIMIT p_limit;
        END IF;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION items_position_page(uuid, text, bigint, integer, boolean)');
    for (const index of [
      'items_words_idx',
      'items_label_keys_idx',
      'items_assignee_due_idx',
      'items_due_idx',
      'items_list_due_idx',
      'items_list_status_position_idx',
      'items_list_position_idx',
    ]) {
      await q.query(`DROP INDEX ${index}`);
    }
    await q.query(`CREATE UNIQUE INDEX items_list_seq_idx ON items (list_id, seq)`);
    await q.query(`CREATE INDEX items_list_status_seq_idx ON items (list_id, completed, seq)`);
  }
}
