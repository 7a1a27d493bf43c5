import { MigrationInterface, QueryRunner } from 'typeorm';
import { foldKey } from '../../common/text/fold-key';

/** Rows read and rewritten per statement: a bounded amount of memory and of each statement's work. */
const BATCH = 2_000;

/**
 * `q` (API.md section 13, "Views") compares the words with the items' case-folded keys, the one
 * comparison rule of names and texts (src/common/text/fold-key.ts), instead of PostgreSQL's
 * ILIKE over text and notes joined:
 *
 * - `notes_key` (1763801800000-item-notes-key.ts) is filled here for the rows that have notes,
 *   in batches by id, as 1763800600000-case-folded-keys.ts filled `text_key` (the fold is
 *   computed in TypeScript: PostgreSQL has no full case folding). This runs in its own
 *   transaction, after the column's has committed: it holds no table lock beyond ROW EXCLUSIVE
 *   while it rewrites rows, then SHARE while it builds each index (writes wait, reads do not),
 *   as 1763801600000-item-views.ts did.
 * - items_text_words_idx, GIN trigrams of `text_key`, and items_notes_words_idx, the same of
 *   `notes_key` for items that have notes only: a word is `text_key LIKE '%word%' OR (notes_key
 *   <> '' AND notes_key LIKE '%word%')`, a BitmapOr of the two. They take over from
 *   items_words_idx (trigrams of `text || '\n' || notes`, what the previous release's `q`
 *   reads), which stays for instances of that release during a rolling start and for a
 *   rollback (docs/deployment.md: a migration adds before it removes); a later release drops
 *   it, and with it its cost on every insert.
 *
 * Why (docs/performance.md, "Views across a million items"): a case-sensitive LIKE over a stored
 * key rechecks a candidate row in about half the time ILIKE takes (which lower-cases every row
 * it reads), and two indexes give fewer candidates than one over text and notes joined, whose
 * trigrams may come from the text and the notes at once; an item without notes, most of them,
 * costs the notes index nothing on insert. The views bench's word search (GET /v1/items?q=…
 * over a million items) takes 18.5 ms of PostgreSQL instead of 24.2 ms.
 */
export class ItemWordKeys1763801850000 implements MigrationInterface {
  name = 'ItemWordKeys1763801850000';

  async up(q: QueryRunner): Promise<void> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await q.query(`SELECT id, notes FROM items WHERE id > $1 AND notes <> '' ORDER BY id LIMIT ${BATCH}`, [after])) as {
        id: string;
        notes: string;
      }[];
      if (rows.length === 0) break;
      await q.query(`UPDATE items i SET notes_key = u.key FROM unnest($1::uuid[], $2::text[]) AS u(id, key) WHERE i.id = u.id`, [
        rows.map((row) => row.id),
        rows.map((row) => foldKey(row.notes)),
      ]);
      after = rows[rows.length - 1].id;
    }
    await q.query(`CREATE INDEX items_text_words_idx ON items USING gin (text_key public.gin_trgm_ops)`);
    await q.query(`CREATE INDEX items_notes_words_idx ON items USING gin (notes_key public.gin_trgm_ops) WHERE notes_key <> ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX items_notes_words_idx`);
    await q.query(`DROP INDEX items_text_words_idx`);
    // The column's own migration drops it.
  }
}
