import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { reachedByKeySql, viewerParameters } from '../../../../common/persistence/list-visibility-sql';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { eventJson, EventJson, EventPosition, NewEvent } from '../../domain/event';
import { EventLog, FeedRead, FeedSlice, NewestRead, NewestSlice } from '../../domain/event-log';
import { eventKeysOfListsCte, sharedEventKeyOfListsCte } from '../../../lists/persistence/list-rows.sql';
import { newEventId } from '../../persistence/event-id';
import { audienceSql, EVENT_SEQ_BLOCK, eventPayloadSql, eventSeqSql, eventsOfRowSql } from '../../persistence/events.sql';
import { currentMode } from '../../../../common/persistence/work-context';

/**
 * Events and their audience in one statement: each list's order key moved on its row (the
 * lists module's eventKeysOfListsCte, which takes the list's lock, if the caller does not hold
 * it yet), the events in the order given
 * (the identity hands out seq in that order), then one audience row per event and per owner
 * or member of its list, read in the same statement. An event with a second list (`$6`, an
 * item.moved between lists) reaches the owner and members of both, once each, and its
 * audience rows name that list as `from_list_id`, which the feed's key and list filters and
 * the webhook relay read beside `list_id` (migration 1763801700000-event-audience-from-list.ts);
 * then every list of the statement takes one shared order key (sharedEventKeyOfListsCte), so
 * the event keeps its place among the events of each.
 */
const recordStatement = (name: string, keys: (name: string, listIdsSql: string) => string): NamedStatement =>
  new NamedStatement(
    name,
    `WITH n AS (
     SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::json[], $5::timestamptz[], $6::uuid[])
                     WITH ORDINALITY AS n(id, type, list_id, payload, created_at, from_list_id, ord)
   ),
   ${keys('keyed', 'SELECT list_id FROM n UNION SELECT from_list_id FROM n WHERE from_list_id IS NOT NULL')},
   ev AS (
     INSERT INTO events (id, txid, type, list_id, payload, created_at)
     SELECT n.id, COALESCE(keyed.last_event_txid, pg_current_xact_id()), n.type, n.list_id, n.payload, n.created_at
       FROM n LEFT JOIN keyed ON keyed.id = n.list_id
      ORDER BY n.ord
     RETURNING id, txid, seq, list_id, type
   )
   INSERT INTO event_audience (user_id, txid, seq, list_id, type, from_list_id)
   SELECT who.user_id, ev.txid, ev.seq, ev.list_id, ev.type, n.from_list_id
     FROM ev JOIN n ON n.id = ev.id
     CROSS JOIN LATERAL (
       SELECT user_id FROM ${audienceSql('ev.list_id')}
       UNION
       SELECT user_id FROM ${audienceSql('n.from_list_id')} WHERE n.from_list_id IS NOT NULL
     ) who`,
  );

const RECORD = recordStatement('events_record', eventKeysOfListsCte);
const RECORD_ACROSS_LISTS = recordStatement('events_record_across_lists', sharedEventKeyOfListsCte);

/** $1 and $2 are the viewer (viewerParameters): a restricted key's feed holds only its lists' events. */
const AUDIENCE_FILTERS = `user_id = $1 AND (${reachedByKeySql('list_id')} OR (from_list_id IS NOT NULL AND ${reachedByKeySql('from_list_id')}))
   AND txid < (SELECT xmin FROM snap)
   AND ($5::uuid IS NULL OR list_id = $5::uuid OR from_list_id = $5::uuid) AND ($6::text[] IS NULL OR type = ANY($6::text[]))`;

/**
 * One page of a user's feed, in one statement: the range scan of event_audience's primary
 * key after the cursor, stopped below the snapshot's xmin (every transaction under it has
 * ended, and every later writer's txid is at or above it, so no event can later appear
 * behind a position handed out), with the xmin itself and whether the cursor is below the
 * purge watermark. Always one row at least (the snapshot row), so an empty page still tells
 * how far it looked.
 *
 * An events row of an item statement holds several events (migration
 * 1763801000000-event-batches.ts): the rows read are the one the cursor may stand inside (the
 * last at or before it in its txid, within a block) and up to `limit` after it; they are
 * expanded into their events, and those after the cursor make the page. The rows are limited
 * before they meet events (one primary-key probe per row kept): joined first, PostgreSQL
 * underestimates the two-column join and reads and sorts all of the user's events instead of
 * stopping at the limit.
 */
const READ = new NamedStatement(
  'events_read',
  `WITH snap AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
   heads AS (
     (SELECT txid, seq FROM event_audience
       WHERE txid = $3::xid8 AND seq > $4::bigint - ${EVENT_SEQ_BLOCK} AND seq <= $4::bigint AND ${AUDIENCE_FILTERS}
       ORDER BY txid DESC, seq DESC
       LIMIT 1)
     UNION ALL
     (SELECT txid, seq FROM event_audience
       WHERE (txid, seq) > ($3::xid8, $4::bigint) AND ${AUDIENCE_FILTERS}
       ORDER BY txid, seq
       LIMIT $7)
   ),
   page AS (
     SELECT e.txid, ${eventSeqSql('e', 'x')} AS seq, ${eventPayloadSql('e', 'x')} AS payload
       FROM heads h
       JOIN events e ON e.txid = h.txid AND e.seq = h.seq
       CROSS JOIN ${eventsOfRowSql('e', 'x')}
      WHERE (e.txid, ${eventSeqSql('e', 'x')}) > ($3::xid8, $4::bigint)
      ORDER BY e.txid, ${eventSeqSql('e', 'x')}
      LIMIT $7
   )
   SELECT snap.xmin::text AS xmin, ($8::boolean AND ($3::xid8, $4::bigint) < (w.txid, w.seq)) AS expired,
          page.txid::text AS txid, page.seq, page.payload
     FROM snap CROSS JOIN event_purge_watermark w LEFT JOIN page ON true
    ORDER BY page.txid, page.seq`,
);

/**
 * One page of a user's feed newest first, in one statement: the backward range scan of
 * event_audience's primary key before the cursor ($3, $4), stopped below the snapshot's xmin
 * as READ is, so the page starts at the newest event the oldest-first feed shows now and no
 * later commit can land behind it: paging back sees a set of events that no longer changes.
 * Without a cursor the bound is the xmin itself. Every events row that starts before the
 * cursor holds at least one event before it (a row's events follow its own position), so
 * `limit` rows ($7) make a full page; as in READ, the rows are limited before they meet events.
 * A cursor below the purge watermark is not refused: what retention deleted ends the walk.
 * Plain SQL rather than a NamedStatement: it serves the developer page's event browser and
 * occasional looks at recent activity, not the polling on every client's path that READ serves.
 */
const READ_NEWEST = `WITH snap AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
   bound AS (SELECT COALESCE($3::xid8, snap.xmin) AS txid, COALESCE($4::bigint, 0) AS seq FROM snap),
   heads AS (
     SELECT txid, seq FROM event_audience
      WHERE (txid, seq) < ((SELECT txid FROM bound), (SELECT seq FROM bound)) AND ${AUDIENCE_FILTERS}
      ORDER BY txid DESC, seq DESC
      LIMIT $7
   ),
   page AS (
     SELECT e.txid, ${eventSeqSql('e', 'x')} AS seq, ${eventPayloadSql('e', 'x')} AS payload
       FROM heads h
       JOIN events e ON e.txid = h.txid AND e.seq = h.seq
       CROSS JOIN ${eventsOfRowSql('e', 'x')}
      WHERE (e.txid, ${eventSeqSql('e', 'x')}) < ((SELECT txid FROM bound), (SELECT seq FROM bound))
      ORDER BY e.txid DESC, ${eventSeqSql('e', 'x')} DESC
      LIMIT $7
   )
   SELECT page.txid::text AS txid, page.seq, page.payload FROM page ORDER BY page.txid DESC, page.seq DESC`;

/**
 * Deletes a batch ($2) of the oldest-positioned events rows created before $1, with their audience,
 * and moves the watermark to the position of the last event deleted (an item row's last
 * event, so that a cursor inside a deleted row is behind it). SKIP LOCKED lets several
 * instances' janitors run at once without waiting on each other's batches; the watermark only
 * moves up.
 */
const PURGE = `WITH doomed AS (
     SELECT txid, seq FROM events WHERE created_at < $1 ORDER BY txid, seq LIMIT $2 FOR UPDATE SKIP LOCKED
   ),
   gone_audience AS (DELETE FROM event_audience WHERE seq IN (SELECT seq FROM doomed)),
   gone AS (
     DELETE FROM events WHERE (txid, seq) IN (SELECT txid, seq FROM doomed)
     RETURNING txid, seq + COALESCE(cardinality(item_ids), 1) - 1 AS last_seq, COALESCE(cardinality(item_ids), 1) AS events
   ),
   top AS (SELECT txid, last_seq AS seq FROM gone ORDER BY txid DESC, last_seq DESC LIMIT 1),
   moved AS (
     UPDATE event_purge_watermark w SET txid = top.txid, seq = top.seq
       FROM top WHERE (top.txid, top.seq) > (w.txid, w.seq)
   )
   SELECT COALESCE(sum(events), 0)::integer AS deleted FROM gone`;

interface NewestRow {
  txid: string;
  seq: string;
  payload: EventJson;
}

interface ReadRow {
  xmin: string;
  expired: boolean;
  txid: string | null;
  seq: string | null;
  payload: EventJson | null;
}

@Injectable()
export class TypeOrmEventLog extends EventLog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async record(events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const ids = events.map(() => newEventId());
    // The mode whose schema RECORD writes to: the one that picks its pool.
    const mode = currentMode();
    const across = events.some((event) => event.fromListId !== undefined);
    await (across ? RECORD_ACROSS_LISTS : RECORD).run(this.dataSource, [
      ids,
      events.map((event) => event.type),
      events.map((event) => event.list.id),
      events.map((event, index) => JSON.stringify(eventJson(ids[index], event, mode))),
      events.map((event) => event.createdAt),
      events.map((event) => event.fromListId ?? null),
    ]);
  }

  async read(request: FeedRead): Promise<FeedSlice> {
    const after = request.after ?? { txid: '0', seq: 0 };
    const rows = await READ.run<ReadRow>(this.dataSource, [
      ...viewerParameters(request.viewer),
      after.txid,
      after.seq,
      request.listId ?? null,
      request.types ?? null,
      request.limit,
      request.after !== null,
    ]);
    const events = rows
      .filter((row) => row.txid !== null)
      .map((row) => ({ position: { txid: row.txid!, seq: Number(row.seq) }, event: row.payload! }));
    // A full page may stop short of the snapshot: the next read starts after its last event.
    const reachedTo: EventPosition = events.length === request.limit ? events[events.length - 1].position : { txid: rows[0].xmin, seq: 0 };
    return { events, reachedTo, expired: rows[0].expired };
  }

  async readNewest(request: NewestRead): Promise<NewestSlice> {
    const rows = await managerOf(this.dataSource).query<NewestRow[]>(READ_NEWEST, [
      ...viewerParameters(request.viewer),
      request.before?.txid ?? null,
      request.before?.seq ?? null,
      request.listId ?? null,
      request.types ?? null,
      request.limit,
    ]);
    return { events: rows.map((row) => ({ position: { txid: row.txid, seq: Number(row.seq) }, event: row.payload })) };
  }

  async present(): Promise<EventPosition> {
    const [row] = await managerOf(this.dataSource).query<Array<{ xmin: string }>>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin',
    );
    return { txid: row.xmin, seq: 0 };
  }

  async purgeCreatedBefore(before: Date, batch: number): Promise<number> {
    const [row] = await managerOf(this.dataSource).query<Array<{ deleted: number }>>(PURGE, [before, batch]);
    return row.deleted;
  }
}
