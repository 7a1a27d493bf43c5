import { isoSql } from '../../../common/persistence/iso-sql';
import { ITEM_FIELDS, type ItemField } from '../../items/application/item-resource';
import { itemEventValueSql, itemJsonObjectSql } from '../../items/persistence/item-json.sql';

/**
 * SQL fragments of the events outbox (events, event_audience: migrations
 * 1763800700000-events.ts and 1763801000000-event-batches.ts), the events module's tables.
 * The events stores use them, and so do the statements of other modules that record their
 * events in the same statement as their write (the items statements: one round trip) or read
 * the outbox (the webhook relay): what an events row holds and how it becomes events lives
 * here alone (ADR 0011). The event JSON is the one eventJson() in
 * src/modules/events/domain/event.ts builds.
 *
 * An item statement's row keeps its items' fields as parallel arrays, one per field of the
 * Item resource (ITEM_FIELDS' `eventsColumn`), so the columns written, expanded and rendered
 * here are derived from that one definition and line up by construction.
 */

/**
 * Sequence numbers each events row takes (migration 1763801000000-event-batches.ts): an item
 * statement records its events as one row, whose i-th event (from 0) is at (txid, seq + i), so
 * a row holds at most this many (an action names at most 100 items).
 */
export const EVENT_SEQ_BLOCK = 128;

/** The fields an item statement's row keeps per item, in ITEM_FIELDS' order; `id` first. */
const PER_ITEM: ReadonlyArray<ItemField & { eventsColumn: string }> = ITEM_FIELDS.filter(
  (field): field is ItemField & { eventsColumn: string } => field.eventsColumn !== null,
);
if (PER_ITEM[0]?.column !== 'id') throw new Error('the events outbox expands item rows by their items’ ids: ITEM_FIELDS starts with id');

/**
 * What an item of an events row shows for a field the row does not hold (null): a field an
 * add leaves to its default, or one added after the row was written.
 */
const OLD_ROW_DEFAULTS: Partial<Record<ItemField['name'], (x: string) => string>> = {
  completed: () => 'false',
  notes: () => "''",
  priority: () => '0',
  position: () => "''",
  updated_at: (x) => `${x}.created_at`,
  version: () => '1',
};

/** `{id, username, name}` of the user `userIdSql`, or null. */
export const actorSql = (userIdSql: string): string =>
  `(SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name) FROM users u WHERE u.id = ${userIdSql})`;

/**
 * A LATERAL source of the events of the events row `e`, one row each, as `x`: `x.i` from 1,
 * and for an item row the item's fields, each under its JSON name. A row with a payload stands
 * for one event.
 */
export const eventsOfRowSql = (e: string, x: string): string =>
  `LATERAL unnest(COALESCE(${e}.${PER_ITEM[0].eventsColumn}, ARRAY[NULL::uuid]), ${PER_ITEM.slice(1)
    .map((field) => `${e}.${field.eventsColumn}`)
    .join(', ')})
     WITH ORDINALITY AS ${x}(${PER_ITEM.map((field) => field.name).join(', ')}, i)`;

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
 * spec compares them with the item routes). An item row keeps the list's id once, and a field
 * an add does not record as null (an added item's `completed`: a boolean absent is false). A
 * row written before the item's section 13 fields has none of them (migration
 * 1763801500000-item-fields.ts): its items show their defaults (notes '', priority none, no
 * labels, updated_at its created_at, version 1; a position of '' only for those old events).
 * `livemode()` is the schema's own (migration 1763801400000-livemode.ts).
 */
export const eventPayloadSql = (e: string, x: string): string =>
  `COALESCE(${e}.payload, json_build_object(
     'id', ${eventIdSql(e, x)}, 'type', ${e}.type, 'created_at', ${isoSql(`${e}.created_at`)},
     'list', json_build_object('id', ${e}.list_id, 'name', ${e}.list_name), 'actor', ${e}.actor,
     'data', json_build_object('item', ${itemJsonObjectSql((field) => {
       if (field.eventsColumn === null) return `${e}.${field.column}`;
       const value = `${x}.${field.name}`;
       return field.name in OLD_ROW_DEFAULTS ? `COALESCE(${value}, ${OLD_ROW_DEFAULTS[field.name]!(x)})` : value;
     })}),
     'livemode', livemode()))`;

/**
 * A CTE `name` of the audience of the one list row of the CTE `listCte` (the UPDATE that took
 * its lock and moved its events' order key, returning `audience`): its owner and members as
 * kept on the row (migration 1763801000000-event-batches.ts), or, where the row keeps none, as
 * event_audience_of reads them with a fresh snapshot once the statement holds the lock.
 */
const audienceOnceCte = (name: string, listCte: string): string =>
  `${name} AS (SELECT unnest(COALESCE(${listCte}.audience, ARRAY(SELECT event_audience_of(${listCte}.id)))) AS user_id FROM ${listCte})`;

/**
 * The audience of an event of list `listIdSql`, as a LATERAL source of `user_id`s: its owner
 * and its members as they are when it runs (event_audience_of, migration
 * 1763800700000-events.ts, reads with a fresh snapshot; correlated to the event row, it runs
 * only once the statement holds the list's lock).
 */
export const audienceSql = (listIdSql: string): string => `LATERAL event_audience_of(${listIdSql}) AS who(user_id)`;

/**
 * The CTEs that record one audience row for the events row of the CTE `ev` and per owner or
 * member of the list row `list` (API.md section 8), the audience read once per statement.
 */
const RECORD_AUDIENCE = `${audienceOnceCte('who', 'list')},
   audience AS (
     INSERT INTO event_audience (user_id, txid, seq, list_id, type)
     SELECT who.user_id, ev.txid, ev.seq, ev.list_id, ev.type FROM ev CROSS JOIN who
   )`;

/** What every item statement's events row holds besides its items: each an SQL expression. */
interface ItemEventsRow {
  /** The event type, or an expression of it. */
  type: string;
  /** The write's instant. */
  at: string;
  /** The acting user's id. */
  actor: string;
  /** The row's id (newEventId, a parameter). */
  eventId: string;
}

/**
 * The CTEs that record the events of type `type` of the item rows of the CTE `rows` (each a
 * row of the items table), in the order of `ids` (the request's order), for the list row
 * `list` (a CTE with id, name, audience and the events' order key, taken by the same UPDATE
 * of the list row: the lists module's itemsWrittenListCte): one events row holding them all,
 * and its audience. Part of the item write's own statement, so an item change and its events
 * commit together at no extra round trip. When `list` is empty (nothing changed), nothing is
 * recorded.
 */
export const recordItemEventsSql = (p: ItemEventsRow & { rows: string; ids: string }): string =>
  `ev AS (
     INSERT INTO events (id, txid, type, list_id, created_at, list_name, actor,
                         ${PER_ITEM.map((field) => field.eventsColumn).join(', ')})
     SELECT ${p.eventId}, list.last_event_txid, ${p.type}, list.id, ${p.at}, list.name, ${actorSql(p.actor)},
            ${PER_ITEM.map((field) => `array_agg(${itemEventValueSql(field, 'x')} ORDER BY x.ord)`).join(', ')}
       FROM list, (SELECT r.*, o.ord FROM ${p.rows} r JOIN unnest(${p.ids}) WITH ORDINALITY AS o(id, ord) ON o.id = r.id) x
      GROUP BY list.id, list.name, list.last_event_txid
     RETURNING txid, seq, list_id, type
   ),
   ${RECORD_AUDIENCE}`;

/**
 * The CTEs that record the item.added events of an add, for the list row `list` as above,
 * from the statement's own parameters rather than from the inserted rows: `items` gives, by
 * the field's JSON name, the array of each field the add sets (in request order), each
 * element what the field's events column keeps (itemEventValueSql); a field it leaves out is
 * recorded as null for every item and shown with its default (`completed`, `notes`, `priority`,
 * `updated_at`, `version`: OLD_ROW_DEFAULTS). Nothing is built per item in Node, and the
 * audience is one row per member, not one per item and member.
 */
export const recordAddedItemsSql = (p: Omit<ItemEventsRow, 'type'> & { items: Partial<Record<ItemField['name'], string>> }): string => {
  const recorded = PER_ITEM.filter((field) => p.items[field.name] !== undefined);
  return `ev AS (
     INSERT INTO events (id, txid, type, list_id, created_at, list_name, actor, ${recorded.map((field) => field.eventsColumn).join(', ')})
     SELECT ${p.eventId}, list.last_event_txid, 'item.added', list.id, ${p.at}, list.name, ${actorSql(p.actor)},
            ${recorded.map((field) => p.items[field.name]).join(', ')}
       FROM list
     RETURNING txid, seq, list_id, type
   ),
   ${RECORD_AUDIENCE}`;
};
