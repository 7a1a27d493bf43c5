import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `notes_key`: foldKey(notes) (src/common/text/fold-key.ts), beside `text_key`, what `q`
 * compares its words with (1763801850000-item-word-keys.ts fills it for existing rows and
 * indexes both keys). A constant default: PostgreSQL records it in the catalog without
 * rewriting the table, so this migration's ACCESS EXCLUSIVE lock lasts a moment; the rows are
 * filled by the next migration, in a transaction of its own, outside this lock.
 *
 * An instance of the previous release that writes notes during a rolling start does not write
 * this key: such an item is not found by a word of those notes until its notes are written
 * again (its text is, through text_key, which every release writes).
 */
export class ItemNotesKey1763801800000 implements MigrationInterface {
  name = 'ItemNotesKey1763801800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE items ADD COLUMN notes_key text NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE items DROP COLUMN notes_key`);
  }
}
