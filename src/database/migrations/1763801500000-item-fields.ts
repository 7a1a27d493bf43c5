import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The item's fields of API.md section 13: notes, a due (date, local time, time zone,
 * recurrence, the instant they make, and the date the recurrence counts from), priority,
 * labels (and their case-folded keys, for the `label` filter), assignee, position, updated_at
 * and version; and the events outbox's per-item arrays that keep them in an item statement's
 * row (ITEM_FIELDS' `eventsColumn`, src/modules/items/application/item-resource.ts).
 *
 * Online ("Migrations are online", docs/architecture.md): every column is nullable or has a
 * constant default, which PostgreSQL 11+ records in the catalog without rewriting or scanning
 * the table, so the ACCESS EXCLUSIVE lock of each ALTER TABLE lasts a moment. A constant
 * default is what an existing row means for every field but two: `position` and `updated_at`
 * depend on the row (its seq, its created_at). Their defaults (`''`, the epoch) stand for "not
 * set yet"; the next migration (1763801550000-item-fields-backfill.ts) sets them on the existing
 * rows outside this lock.
 *
 * A row inserted without them (by an instance of the previous release during a rolling start,
 * or by any writer that names only the old columns) gets them from `items_added_defaults`, a
 * BEFORE INSERT trigger that fires only for such rows (its WHEN is checked without calling the
 * function): position from the row's seq as src/modules/items/domain/position.ts makes it
 * (`addedPosition`), updated_at its created_at. The service's own add names both, so the
 * trigger costs it nothing.
 *
 * `label_keys` holds the labels' foldKey (src/common/text/fold-key.ts, the case-insensitive
 * key every name comparison of the service uses), in the labels' order.
 *
 * The events arrays: a due, the labels and the assignee are kept as their JSON (json[]), as
 * the event shows them (the labels of items vary in number, which a two-dimensional text[]
 * cannot hold; the assignee's name as it was then). Rows written before this migration hold
 * none of them: the readers show an item of such a row with the section 13 defaults.
 */
export class ItemFields1763801500000 implements MigrationInterface {
  name = 'ItemFields1763801500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE items
        ADD COLUMN notes text NOT NULL DEFAULT '',
        ADD COLUMN due_date date,
        ADD COLUMN due_time text,
        ADD COLUMN due_time_zone text,
        ADD COLUMN due_recurrence text,
        ADD COLUMN due_at timestamptz,
        ADD COLUMN due_series_start date,
        ADD COLUMN priority smallint NOT NULL DEFAULT 0,
        ADD COLUMN labels text[] NOT NULL DEFAULT '{}',
        ADD COLUMN label_keys text[] NOT NULL DEFAULT '{}',
        ADD COLUMN assignee_id uuid,
        ADD COLUMN position text COLLATE "C" NOT NULL DEFAULT '',
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT 'epoch',
        ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await q.query(`
      CREATE FUNCTION items_added_defaults() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.position := lpad(to_hex(NEW.seq), 16, '0') || 'V';
        IF NEW.updated_at = 'epoch' THEN
          NEW.updated_at := NEW.created_at;
        END IF;
        RETURN NEW;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER items_added_defaults BEFORE INSERT ON items
      FOR EACH ROW WHEN (NEW.position = '') EXECUTE FUNCTION items_added_defaults()`);
    await q.query(`
      ALTER TABLE events
        ADD COLUMN item_notes text[],
        ADD COLUMN item_due json[],
        ADD COLUMN item_priority smallint[],
        ADD COLUMN item_labels json[],
        ADD COLUMN item_assignee json[],
        ADD COLUMN item_position text[],
        ADD COLUMN item_updated_at timestamptz[],
        ADD COLUMN item_version integer[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events
        DROP COLUMN item_version, DROP COLUMN item_updated_at, DROP COLUMN item_position, DROP COLUMN item_assignee,
        DROP COLUMN item_labels, DROP COLUMN item_priority, DROP COLUMN item_due, DROP COLUMN item_notes`);
    await q.query(`DROP TRIGGER items_added_defaults ON items`);
    await q.query(`DROP FUNCTION items_added_defaults()`);
    await q.query(`
      ALTER TABLE items
        DROP COLUMN version, DROP COLUMN updated_at, DROP COLUMN position, DROP COLUMN assignee_id,
        DROP COLUMN label_keys, DROP COLUMN labels, DROP COLUMN priority, DROP COLUMN due_series_start,
        DROP COLUMN due_at, DROP COLUMN due_recurrence, DROP COLUMN due_time_zone, DROP COLUMN due_time,
        DROP COLUMN due_date, DROP COLUMN notes`);
  }
}
