import { randomUUID } from 'node:crypto';

/**
 * SQL fragments of the events outbox (tables: migration 1763800700000-events.ts), shared by
 * the events module's store and by the items statements, which record their events in the
 * same statement as the item write (one round trip). The event JSON is the one eventJson()
 * in src/modules/events/domain/event.ts builds.
 */

/** An ISO 8601 UTC timestamp with milliseconds, as Date.prototype.toISOString() writes it. */
export const isoSql = (expression: string): string => `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `evt_` and 122 random bits in hex: a new event id, made in Node (the events store, the add statement). */
export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;

/** A new event id made in SQL, of the form newEventId() makes. */
export const EVENT_ID_SQL = `'evt_' || replace(gen_random_uuid()::text, '-', '')`;

/** The event JSON (see eventJson) from SQL expressions of its parts. */
export const eventJsonSql = (parts: { id: string; type: string; createdAt: string; list: string; actor: string; data: string }): string =>
  `json_build_object('id', ${parts.id}, 'type', ${parts.type}, 'created_at', ${isoSql(parts.createdAt)}, 'list', ${parts.list}, 'actor', ${parts.actor}, 'data', ${parts.data})`;

/** `{id, username, name}` of the user `userIdSql`, or null. */
export const actorSql = (userIdSql: string): string =>
  `(SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name) FROM users u WHERE u.id = ${userIdSql})`;

/**
 * A CTE `name` of the audience of the one list row of the CTE `listCte` (the UPDATE that took
 * its lock and moved its events' order key): its owner and members as they are once the
 * statement holds the lock (event_audience_of, migration 1763800700000-events.ts, reads with a
 * fresh snapshot; it runs only once that row exists). One call per statement, however many
 * events it records: called per event row (audienceSql), each call took a snapshot and ran the
 * function's query again, ~16 µs per event.
 */
export const audienceOnceCte = (name: string, listCte: string): string =>
  `${name} AS (SELECT a.user_id FROM ${listCte} CROSS JOIN LATERAL event_audience_of(${listCte}.id) AS a(user_id))`;

/**
 * The audience of an event of list `listIdSql`, as a LATERAL source of `user_id`s: its owner
 * and its members as they are when it runs (event_audience_of, migration
 * 1763800700000-events.ts, reads with a fresh snapshot; correlated to the event row, it runs
 * only once the statement holds the list's lock).
 */
export const audienceSql = (listIdSql: string): string => `LATERAL event_audience_of(${listIdSql}) AS who(user_id)`;

/**
 * The SET clause, for an UPDATE of a lists row, that takes the order key of the events a
 * statement records for that list: the greater of this transaction's id and the list's
 * previous events' key (see migration 1763800700000-events.ts). An UPDATE re-reads the row
 * after waiting for its lock, so the key is above that of every change committed before it.
 */
export const NEXT_EVENT_TXID_SET = `last_event_txid = GREATEST(COALESCE(last_event_txid, '0'::xid8), pg_current_xact_id())`;
