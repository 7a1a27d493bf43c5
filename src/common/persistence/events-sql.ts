import { randomUUID } from 'node:crypto';
import { itemJsonObjectSql } from '../../modules/items/infrastructure/typeorm/item-json.sql';
import { isoSql } from './iso-sql';

/**
 * SQL fragments of the events outbox (tables: migrations 1763800700000-events.ts and
 * 1763801000000-event-batches.ts), shared by the events module's store, the items statements
 * (which record their events in the same statement as the item write: one round trip) and
 * the webhook relay. The event JSON is the one eventJson() in src/modules/events/domain/event.ts
 * builds.
 */

/** `evt_` and 122 random bits in hex: a new event id, made in Node (the events store, the add statement). */
export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;

/**
 * Sequence numbers each events row takes (migration 1763801000000-event-batches.ts): an item
 * statement records its events as one row, whose i-th event (from 0) is at (txid, seq + i), so
 * a row holds at most this many (an action names at most 100 items).
 */
export const EVENT_SEQ_BLOCK = 128;

/** `{id, username, name}` of the user `userIdSql`, or null. */
export const actorSql = (userIdSql: string): string =>
  `(SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name) FROM users u WHERE u.id = ${userIdSql})`;

/**
 * A LATERAL source of the events of the events row `e`, one row each, as `x`: `x.i` from 1,
 * and for an item row the item's fields. A row with a payload stands for one event.
 */
export const eventsOfRowSql = (e: string, x: string): string =>
  `LATERAL unnest(COALESCE(${e}.item_ids, ARRAY[NULL::uuid]), ${e}.item_texts, ${e}.item_completed, ${e}.item_created_at,
                  ${e}.item_created_by, ${e}.item_completed_at, ${e}.item_completed_by)
     WITH ORDINALITY AS ${x}(id, text, completed, created_at, created_by, completed_at, completed_by, i)`;

/** The seq of the event `x` of the row `e` (see eventsOfRowSql). */
export const eventSeqSql = (e: string, x: string): string => `(${e}.seq + ${x}.i - 1)`;

/**
 * The id of the event `x` of the row `e`: a payload row's own; an item row's id with its last
 * four hex digits replaced by the event's index (112 random bits are left to tell rows apart).
 */
export const eventIdSql = (e: string, x: string): string =>
  `(CASE WHEN ${e}.item_ids IS NULL THEN ${e}.id ELSE 'evt_' || left(substr(${e}.id, 5), 28) || lpad(to_hex(${x}.i - 1), 4, '0') END)`;

/**
 * The JSON of the event `x` of the row `e`: a payload row's payload, or the event an item row
 * stands for, in the form eventJson() gives (src/modules/events/domain/event.ts), its item
 * built from the Item resource's one field list (ITEM_FIELDS, through itemJsonObjectSql; an e2e
 * spec compares them with the item routes). An item row keeps the list's id once, and an added
 * item's `completed` as null. `livemode()` is the schema's own (migration 1763801400000-livemode.ts).
 */
export const eventPayloadSql = (e: string, x: string): string =>
  `COALESCE(${e}.payload, json_build_object(
     'id', ${eventIdSql(e, x)}, 'type', ${e}.type, 'created_at', ${isoSql(`${e}.created_at`)},
     'list', json_build_object('id', ${e}.list_id, 'name', ${e}.list_name), 'actor', ${e}.actor,
     'data', json_build_object('item', ${itemJsonObjectSql((column) =>
       column === 'list_id' ? `${e}.list_id` : column === 'completed' ? `COALESCE(${x}.completed, false)` : `${x}.${column}`,
     )}),
     'livemode', livemode()))`;

/**
 * A CTE `name` of the audience of the one list row of the CTE `listCte` (the UPDATE that took
 * its lock and moved its events' order key, returning `audience`): its owner and members as
 * kept on the row (migration 1763801000000-event-batches.ts), or, where the row keeps none, as
 * event_audience_of reads them with a fresh snapshot once the statement holds the lock.
 */
export const audienceOnceCte = (name: string, listCte: string): string =>
  `${name} AS (SELECT unnest(COALESCE(${listCte}.audience, ARRAY(SELECT event_audience_of(${listCte}.id)))) AS user_id FROM ${listCte})`;

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
