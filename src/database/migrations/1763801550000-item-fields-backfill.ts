import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two fields of section 13 whose value for an existing item depends on the row
 * (1763801500000-item-fields.ts): `position` from `seq` (src/modules/items/domain/position.ts,
 * `addedPosition`: the hexadecimal of seq, so each list's items keep their order of creation),
 * and `updated_at` = `created_at`. `version` needs nothing: its constant default, 1, is right.
 *
 * One statement per schema, and safe to run while the previous release serves:
 * - it runs in its own transaction, after the columns' migration has committed, so it holds
 *   no table lock beyond ROW EXCLUSIVE: reads (of either release) never wait for it, and a
 *   write waits only if it touches a row the statement has already updated, until it commits;
 * - nothing reads the two columns before it commits except this release, whose readers are
 *   not serving yet (migrations run before the instance listens);
 * - a row inserted meanwhile already has both (the insert trigger), and `WHERE position = ''`
 *   skips it, so running it again, or after an interruption, changes nothing more.
 */
export class ItemFieldsBackfill1763801550000 implements MigrationInterface {
  name = 'ItemFieldsBackfill1763801550000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE items SET position = lpad(to_hex(seq), 16, '0') || 'V', updated_at = created_at WHERE position = ''`);
  }

  async down(): Promise<void> {
    // The columns' own migration drops them.
  }
}
