import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops items_words_idx, the trigrams of `text || '\n' || notes` that `q` read before it
 * compared case-folded keys (1763801850000-item-word-keys.ts). That migration kept it for the
 * release before it, during a rolling start and for a rollback (docs/deployment.md: a migration
 * adds before it removes); the releases this one runs beside, or rolls back to, read
 * items_text_words_idx and items_notes_words_idx only.
 *
 * Why: every insert and every edit of a text or notes writes its trigrams into each trigram index
 * that holds them; with this one gone, an item's text is written into one such index instead of
 * two (docs/performance.md, "What section 13 costs the hot paths").
 *
 * DROP INDEX takes the table's ACCESS EXCLUSIVE lock for a moment (no scan, no rewrite). The
 * undo builds the index again, under SHARE (writes wait while it is built, reads do not), so that
 * the release before 1763801850000 finds it after a rollback that far.
 */
export class DropJoinedWordsIndex1763801900000 implements MigrationInterface {
  name = 'DropJoinedWordsIndex1763801900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX items_words_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX items_words_idx ON items USING gin ((text || E'\\n' || notes) public.gin_trgm_ops)`);
  }
}
