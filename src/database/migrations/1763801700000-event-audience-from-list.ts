import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event of two lists: an item.moved event between lists is recorded once, under the list
 * the items went to, and is seen by whoever could see either list at the time (API.md section
 * 13). Its audience rows (one per user, whichever list they saw it through) keep the list the
 * items came from in `from_list_id`, so a list-restricted key that reaches only that list, a
 * feed read filtered by that list and a webhook of that list reach the event as well; every
 * other event leaves it null.
 *
 * A nullable column without a default is a change of the catalogue alone: no rewrite of the
 * table and no scan, so the previous version keeps serving while it runs, and it writes the
 * table without naming the column.
 */
export class EventAudienceFromList1763801700000 implements MigrationInterface {
  name = 'EventAudienceFromList1763801700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_audience ADD COLUMN from_list_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_audience DROP COLUMN from_list_id`);
  }
}
