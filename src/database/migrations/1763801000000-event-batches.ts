import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sequence numbers each events row takes: a row holds at most this many events (EVENT_SEQ_BLOCK). */
const BLOCK = 128;

/**
 * Item events as one row per statement (API.md section 8 still sees one event per item).
 *
 * One events row per item, each with its JSON payload built and checked in the statement,
 * and one audience row per item and member, would cost an add of 20 items a large share of
 * its throughput. So an item statement records one row: the list's name and the actor as they are then, and the items as typed arrays (the
 * add's are its own parameters, so nothing is built per item). The feed and the webhook relay
 * expand the row into its events and render their JSON (src/modules/events/persistence/events.sql.ts) when they read it.
 *
 * Positions stay (txid, seq), and cursors keep their form: `seq` now steps by BLOCK, and the
 * row's i-th event (from 0) is at (txid, seq + i). An item statement names at most 100 items
 * (ENTRIES_MAX), so a row's events never reach the next row's seq. Rows of one event
 * (everything recorded through the events log, and every row written before this migration)
 * keep `payload`; an item row has `item_ids` instead, never both.
 *
 * `lists.audience` is who can see the list's events now (its owner and members), kept on the
 * list's row by the lists module's own writes: set to the owner when the list is created, and
 * moved in the same statement as each membership row is inserted or deleted, from the row's
 * current value (an UPDATE that waited for the row's lock computes it again from the version
 * the previous holder committed). An item statement takes it from the row it locks and
 * updates, so an add that waited while a member left does not reach that member, without the
 * function call and fresh snapshot per item statement this replaces (event_audience_of, about
 * 160 µs of PostgreSQL CPU each). NULL (a list written by an older instance during a rolling
 * deploy) means "not kept": the item statements then call event_audience_of, and membership
 * writes leave it NULL.
 */
export class EventBatches1763801000000 implements MigrationInterface {
  name = 'EventBatches1763801000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events
        ALTER COLUMN payload DROP NOT NULL,
        ADD COLUMN list_name text,
        ADD COLUMN actor json,
        ADD COLUMN item_ids uuid[],
        ADD COLUMN item_texts text[],
        ADD COLUMN item_completed boolean[],
        ADD COLUMN item_created_at timestamptz[],
        ADD COLUMN item_created_by uuid[],
        ADD COLUMN item_completed_at timestamptz[],
        ADD COLUMN item_completed_by uuid[],
        ADD CONSTRAINT events_payload_or_items CHECK ((payload IS NULL) <> (item_ids IS NULL)),
        ADD CONSTRAINT events_items_fit_block CHECK (cardinality(item_ids) BETWEEN 1 AND ${BLOCK})`);
    await q.query(`ALTER TABLE events ALTER COLUMN seq SET INCREMENT BY ${BLOCK}`);
    await q.query(`ALTER TABLE lists ADD COLUMN audience uuid[]`);
    await q.query(`UPDATE lists SET audience = ARRAY(SELECT event_audience_of(lists.id))`);
  }

  /** Back to one row per event: each item row is expanded into payload rows at the positions it stood for. */
  async down(q: QueryRunner): Promise<void> {
    const iso = (e: string) => `to_char((${e}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await q.query(`ALTER TABLE lists DROP COLUMN audience`);
    await q.query(`ALTER TABLE events ALTER COLUMN seq SET INCREMENT BY 1`);
    await q.query(`ALTER TABLE events DROP CONSTRAINT events_items_fit_block, DROP CONSTRAINT events_payload_or_items`);
    await q.query(`
      INSERT INTO event_audience (user_id, txid, seq, list_id, type)
      SELECT a.user_id, a.txid, a.seq + i, a.list_id, a.type
        FROM event_audience a JOIN events e ON e.txid = a.txid AND e.seq = a.seq
        CROSS JOIN LATERAL generate_series(1, cardinality(e.item_ids) - 1) AS i
       WHERE e.item_ids IS NOT NULL`);
    await q.query(`
      INSERT INTO events (seq, id, txid, type, list_id, payload, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT e.seq + x.i - 1,
             'evt_' || left(substr(e.id, 5), 28) || lpad(to_hex(x.i - 1), 4, '0'),
             e.txid, e.type, e.list_id,
             json_build_object('id', 'evt_' || left(substr(e.id, 5), 28) || lpad(to_hex(x.i - 1), 4, '0'), 'type', e.type,
               'created_at', ${iso('e.created_at')}, 'list', json_build_object('id', e.list_id, 'name', e.list_name), 'actor', e.actor,
               'data', json_build_object('item', json_build_object('id', x.id, 'list_id', e.list_id, 'text', x.text,
                 'completed', COALESCE(x.completed, false), 'created_at', ${iso('x.created_at')}, 'created_by', x.created_by,
                 'completed_at', ${iso('x.completed_at')}, 'completed_by', x.completed_by))),
             e.created_at
        FROM events e
        CROSS JOIN LATERAL unnest(e.item_ids, e.item_texts, e.item_completed, e.item_created_at, e.item_created_by,
                                  e.item_completed_at, e.item_completed_by)
             WITH ORDINALITY AS x(id, text, completed, created_at, created_by, completed_at, completed_by, i)
       WHERE e.item_ids IS NOT NULL AND x.i > 1`);
    await q.query(`
      UPDATE events e
         SET id = 'evt_' || left(substr(e.id, 5), 28) || '0000',
             payload = json_build_object('id', 'evt_' || left(substr(e.id, 5), 28) || '0000', 'type', e.type,
               'created_at', ${iso('e.created_at')}, 'list', json_build_object('id', e.list_id, 'name', e.list_name), 'actor', e.actor,
               'data', json_build_object('item', json_build_object('id', e.item_ids[1], 'list_id', e.list_id, 'text', e.item_texts[1],
                 'completed', COALESCE(e.item_completed[1], false), 'created_at', ${iso('e.item_created_at[1]')},
                 'created_by', e.item_created_by[1], 'completed_at', ${iso('e.item_completed_at[1]')},
                 'completed_by', e.item_completed_by[1])))
       WHERE e.item_ids IS NOT NULL`);
    await q.query(`
      ALTER TABLE events
        DROP COLUMN item_completed_by, DROP COLUMN item_completed_at, DROP COLUMN item_created_by,
        DROP COLUMN item_created_at, DROP COLUMN item_completed, DROP COLUMN item_texts, DROP COLUMN item_ids,
        DROP COLUMN actor, DROP COLUMN list_name,
        ALTER COLUMN payload SET NOT NULL`);
  }
}
