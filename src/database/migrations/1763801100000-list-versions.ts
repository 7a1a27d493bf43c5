import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `lists.version`: a number that moves on every update of a list's row, kept by PostgreSQL
 * itself (a BEFORE UPDATE trigger), whichever code wrote the row.
 *
 * It is what lets an instance keep the pages of items it rendered (RenderedPageCache, in the
 * items module) and serve one again only while nothing in the list has changed: every
 * statement that inserts, changes or deletes items also updates the list's row in the same
 * statement (its counters, `updated_at` and its events' order key, `last_event_txid`), and
 * deleting a list deletes its items with it. A page read in the same snapshot as the version
 * is therefore the page of that version, and a later read that finds the same version would
 * find the same items.
 *
 * A trigger rather than `version = version + 1` in each statement: an instance of an earlier
 * release (a rolling deploy) writes items without knowing the column, and its writes must
 * move the version too. Updates that change no item (a rename, a membership's audience) move
 * it as well; a page cached before them is rendered again once, which costs nothing wrong.
 */
export class ListVersions1763801100000 implements MigrationInterface {
  name = 'ListVersions1763801100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lists ADD COLUMN version bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION lists_next_version() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := OLD.version + 1;
        RETURN NEW;
      END
      $$`);
    await q.query(`CREATE TRIGGER lists_version BEFORE UPDATE ON lists FOR EACH ROW EXECUTE FUNCTION lists_next_version()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER lists_version ON lists`);
    await q.query(`DROP FUNCTION lists_next_version()`);
    await q.query(`ALTER TABLE lists DROP COLUMN version`);
  }
}
