import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { eventIdSql, eventPayloadSql, eventsOfRowSql } from '../../../events/persistence/events.sql';
import { EventRelay, RelayStep } from '../../domain/event-relay';

/**
 * One statement per step, set-based rather than one query per event: under a busy add
 * workload the outbox grows by thousands of events a second, and most of them go to no
 * webhook. It reads the events tables of the events module (events, event_audience) the way
 * the feed does, in (txid, seq) order and only below the snapshot's xmin, so no event can
 * still appear behind the position (migration 1763800700000-events.ts says why).
 *
 * - The position row is locked with SKIP LOCKED: while one instance relays, the others read
 *   nothing, so an event is fanned out once; the deliveries and the new position commit
 *   together. (webhook_id, event_id) is unique too, so even a repeated step would add nothing.
 * - The audience rows are who could see the list at the time of the event, so a member who
 *   left hears nothing more, and list.deleted reaches everyone who could see the list.
 * - A webhook hears events recorded at or after its creation, not older ones. A webhook of one
 *   list hears that list's events, and the moves of items out of it to another list (recorded
 *   under the other list, with this one as the audience's `from_list_id`).
 * - An events row of an item statement stands for several events (migration
 *   1763801000000-event-batches.ts); each becomes its own delivery, with its own id and JSON.
 * - With no active webhook at all, the position jumps to the newest event it may pass, so an
 *   idle relay costs one short statement, whatever the write load.
 */
const RELAY = new NamedStatement(
  'webhooks_relay_events',
  `WITH position AS (
         SELECT txid, seq FROM webhook_relay_position FOR UPDATE SKIP LOCKED
       ),
       hooks AS (
         SELECT id, user_id, types, list_id, created_at FROM webhooks WHERE status = 'active'
       ),
       batch AS (
         SELECT e.*
           FROM position p
           JOIN events e ON (e.txid, e.seq) > (p.txid, p.seq)
          WHERE e.txid < pg_snapshot_xmin(pg_current_snapshot())
            AND EXISTS (SELECT 1 FROM hooks)
          ORDER BY e.txid, e.seq
          LIMIT $1
       ),
       queued AS (
         INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT gen_random_uuid(), h.id, ${eventIdSql('b', 'x')}, b.type, ${eventPayloadSql('b', 'x')}::text, 'pending', 0, $2, $2, $2
           FROM batch b
           JOIN event_audience a ON a.txid = b.txid AND a.seq = b.seq
           JOIN hooks h ON h.user_id = a.user_id
           CROSS JOIN ${eventsOfRowSql('b', 'x')}
          WHERE (h.types IS NULL OR b.type = ANY (h.types))
            AND (h.list_id IS NULL OR h.list_id = b.list_id OR h.list_id = a.from_list_id)
            AND b.created_at >= h.created_at
          ORDER BY b.txid, b.seq, x.i
         ON CONFLICT (webhook_id, event_id) DO NOTHING
         RETURNING 1
       ),
       target AS (
         SELECT txid, seq FROM batch ORDER BY txid DESC, seq DESC LIMIT 1
       ),
       idle_target AS (
         SELECT e.txid, e.seq
           FROM position p
           JOIN events e ON (e.txid, e.seq) > (p.txid, p.seq)
          WHERE e.txid < pg_snapshot_xmin(pg_current_snapshot())
            AND NOT EXISTS (SELECT 1 FROM hooks)
          ORDER BY e.txid DESC, e.seq DESC
          LIMIT 1
       ),
       moved AS (
         UPDATE webhook_relay_position r
            SET txid = t.txid, seq = t.seq
           FROM (SELECT txid, seq FROM target UNION ALL SELECT txid, seq FROM idle_target) t
          WHERE r.only_row
         RETURNING 1
       )
   SELECT (SELECT count(*) FROM batch)::integer AS events, (SELECT count(*) FROM queued)::integer AS deliveries,
          (SELECT count(*) FROM moved)::integer AS moved`,
);

/** The first event after the relay's position, through the events' primary key (txid, seq): one index probe. */
const NEXT_WAITING = `SELECT e.created_at
   FROM webhook_relay_position p
   JOIN LATERAL (SELECT created_at FROM events e WHERE (e.txid, e.seq) > (p.txid, p.seq) ORDER BY e.txid, e.seq LIMIT 1) e ON true`;

@Injectable()
export class TypeOrmEventRelay extends EventRelay {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async relay(now: Date, limit: number): Promise<RelayStep> {
    const [row] = await RELAY.run<{ events: number; deliveries: number }>(this.dataSource, [limit, now]);
    return { events: row.events, deliveries: row.deliveries };
  }

  async nextWaitingSince(): Promise<Date | null> {
    const rows = await managerOf(this.dataSource).query<Array<{ created_at: Date }>>(NEXT_WAITING, []);
    return rows[0]?.created_at ?? null;
  }
}
