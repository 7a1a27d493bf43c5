import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * Every event carries `livemode` (API.md, "Test mode"), in the feed and in webhook bodies.
 *
 * `livemode()` answers the mode of the schema it is defined in (true in `public`, false in
 * `sandbox`): the SQL that builds an item event's JSON calls it, so the flag comes from where
 * the event is stored, never from a value a query passes. Events and deliveries recorded
 * before this migration get the flag appended to their stored JSON, so every event a client
 * reads carries it; new events write it as their last field too.
 */
export class Livemode1763801400000 implements MigrationInterface {
  name = 'Livemode1763801400000';

  async up(q: QueryRunner): Promise<void> {
    const live = holdsAccounts(q);
    await q.query(`CREATE FUNCTION livemode() RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT ${live} $$`);
    await q.query(`UPDATE events SET payload = (left(payload::text, -1) || ',"livemode":${live}}')::json WHERE payload IS NOT NULL`);
    await q.query(`UPDATE webhook_deliveries SET payload = left(payload, -1) || ',"livemode":${live}}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    const suffix = `,"livemode":${holdsAccounts(q)}}`;
    await q.query(
      `UPDATE webhook_deliveries SET payload = left(payload, -${suffix.length}) || '}' WHERE right(payload, ${suffix.length}) = $1`,
      [suffix],
    );
    await q.query(
      `UPDATE events SET payload = (left(payload::text, -${suffix.length}) || '}')::json WHERE payload IS NOT NULL AND right(payload::text, ${suffix.length}) = $1`,
      [suffix],
    );
    await q.query(`DROP FUNCTION livemode()`);
  }
}
