import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox of events (API.md section 8). `events` holds each event once, as
 * served (`payload`, json rather than jsonb so that its fields keep their order); it has no
 * foreign key to lists, since a list.deleted event outlives its list. `event_audience` holds
 * one row per event and per user who could see the list when the event was recorded: the
 * feed is a range scan of its primary key for one user.
 *
 * Order is (txid, seq), not seq alone: seq is taken when a row is inserted, so a transaction
 * holding a lower seq can commit after a reader has passed a higher one. A reader only takes
 * rows whose txid is below the xmin of its snapshot, so nothing can ever appear behind its
 * cursor. A webhook dispatcher reads the same order.
 *
 * `txid` is not quite the recording transaction's id: it is the greater of that id and the
 * `txid` of the list's previous event, kept on the list's row (`lists.last_event_txid`) and
 * moved under the list's row lock by the statement that records. A transaction gets its id at
 * its first write, which can come before it waits for the list's lock (an Idempotency-Key
 * record is written first): by plain transaction ids, a change made after another one of the
 * same list could be ordered before it, and a mirror replaying the feed would end wrong.
 * Both rules still hold: a row's txid is at least its own transaction's id, so a txid below
 * xmin means the transaction has ended; and a writer still to come has an id at or above
 * xmin, so its rows' txid is too.
 *
 * Every event costs each of its tables' indexes an insertion, in the statement of the change
 * (an add of 20 items records 20), so there are only those a query uses: events' primary key is
 * its position (the feed joins on it, the janitor walks it oldest first); nothing looks an
 * event up by `id` or by `seq` alone, so neither has an index of its own (ids are 122 random
 * bits). This migration was changed in place to that before it was released: no deployed
 * database had the earlier form (a primary key on seq and unique indexes on id and on
 * (txid, seq)).
 *
 * `event_purge_watermark` (one row) is the highest position the retention janitor deleted:
 * a feed cursor below it may have missed deleted events and answers 410.
 */
export class Events1763800700000 implements MigrationInterface {
  name = 'Events1763800700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        seq bigint GENERATED ALWAYS AS IDENTITY,
        id text NOT NULL,
        txid xid8 NOT NULL,
        type text NOT NULL,
        list_id uuid NOT NULL,
        payload json NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (txid, seq)
      )`);
    await q.query(`
      CREATE TABLE event_audience (
        user_id uuid NOT NULL,
        txid xid8 NOT NULL,
        seq bigint NOT NULL,
        list_id uuid NOT NULL,
        type text NOT NULL,
        PRIMARY KEY (user_id, txid, seq)
      )`);
    // The janitor deletes an event's audience rows by event.
    await q.query(`CREATE INDEX event_audience_seq_idx ON event_audience (seq)`);
    await q.query(`
      CREATE TABLE event_purge_watermark (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        txid xid8 NOT NULL,
        seq bigint NOT NULL
      )`);
    await q.query(`INSERT INTO event_purge_watermark (txid, seq) VALUES ('0'::xid8, 0)`);
    await q.query(`ALTER TABLE lists ADD COLUMN last_event_txid xid8`);
    // Who can see a list now: its owner and members. VOLATILE on purpose: it then reads with a
    // snapshot of its own, taken when it is called, which the recording statements do only
    // after they hold the list's row lock. Read by the statement's own snapshot (taken before it
    // waited for that lock), a member who left meanwhile would still see the event.
    // PL/pgSQL rather than SQL: a session plans its query once, where a SQL function's body is
    // parsed and planned again in every statement that calls it (~80 µs of each add's ~1 ms).
    await q.query(`
      CREATE FUNCTION event_audience_of(list uuid) RETURNS SETOF uuid
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        RETURN QUERY
          SELECT owner_id FROM lists WHERE id = list
          UNION ALL
          SELECT user_id FROM list_members WHERE list_id = list;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION event_audience_of(uuid)`);
    await q.query(`ALTER TABLE lists DROP COLUMN last_event_txid`);
    await q.query(`DROP TABLE event_purge_watermark`);
    await q.query(`DROP TABLE event_audience`);
    await q.query(`DROP TABLE events`);
  }
}
