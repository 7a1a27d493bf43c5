import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Items of lists.
 *
 * Order and pagination use `seq`, an identity column, instead of the (list_id,
 * created_at, id) triple: the items of one add share their created_at, and their
 * order must be the request's, which random UUIDs cannot give. A bigint from one
 * sequence is strictly increasing in insertion order (the multi-row insert feeds rows
 * in request order), so (list_id, seq) is the same idea as (list_id, created_at, id)
 * with a single, smaller key: keyset pages are `seq > $cursor ORDER BY seq LIMIT n`,
 * an index range scan whose cost does not depend on the list's size.
 *
 * - items_list_seq_idx (list_id, seq): pages of status=all.
 * - items_list_status_seq_idx (list_id, completed, seq): pages of status=open and
 *   status=completed read only matching entries, so an open page of a list that is
 *   mostly completed stays as cheap as any other.
 * - items_list_key_idx (list_id, text_key): complete/reopen/remove find items by text.
 *   text_key is the match key computed by the domain (see item-text.ts), not lower(),
 *   whose result would depend on the database collation.
 *
 * created_by and completed_by are user ids without a foreign key: an item's history
 * does not depend on the account still existing, and an add of 100 items does not pay
 * for 100 lookups in users.
 */
export class Items1763800200000 implements MigrationInterface {
  name = 'Items1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE items (
        id uuid PRIMARY KEY,
        list_id uuid NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
        text_key text NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        created_by uuid NOT NULL,
        completed_at timestamptz,
        completed_by uuid,
        CHECK (completed = (completed_at IS NOT NULL) AND completed = (completed_by IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX items_list_seq_idx ON items (list_id, seq)`);
    await q.query(`CREATE INDEX items_list_status_seq_idx ON items (list_id, completed, seq)`);
    await q.query(`CREATE INDEX items_list_key_idx ON items (list_id, text_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE items`);
  }
}
