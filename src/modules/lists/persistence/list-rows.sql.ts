/**
 * SQL fragments that write the lists table (the lists module's) from other modules'
 * statements, where the write must be part of the same statement as theirs (ADR 0011). Every
 * write of a list's row by another module goes through one of these, so what that write
 * means for the list lives here, beside the table's owner.
 *
 * The list-version rule: every UPDATE of a list's row moves `lists.version` (a BEFORE UPDATE
 * trigger, migration 1763801100000-list-versions.ts). Each statement that inserts, changes or
 * deletes items updates the list's row in the same statement (itemsWrittenListCte), so the
 * version moves with every item write, and the items module's page cache (RenderedPageCache),
 * which serves a rendered page only while the version it was rendered at still holds, never
 * serves a page an item write has changed. A statement that writes items without updating the
 * list's row through itemsWrittenListCte would break that cache.
 */

/**
 * The SET clause, for an UPDATE of a lists row, that takes the order key of the events a
 * statement records for that list (`lists.last_event_txid`): the greater of this transaction's
 * id and the list's previous events' key (see migration 1763800700000-events.ts). An UPDATE
 * re-reads the row after waiting for its lock, so the key is above that of every change
 * committed before it.
 */
export const NEXT_EVENT_TXID_SET = `last_event_txid = GREATEST(COALESCE(last_event_txid, '0'::xid8), pg_current_xact_id())`;

/**
 * A CTE `name` that takes the events' order key (NEXT_EVENT_TXID_SET) of the lists whose ids
 * `listIdsSql` (a subquery) gives, for a statement that records events of those lists (the
 * events module's store), returning each list's id and its key. Taking the key locks the row,
 * if the statement's transaction does not hold it yet.
 */
export const eventKeysOfListsCte = (name: string, listIdsSql: string): string =>
  `${name} AS (
     UPDATE lists SET ${NEXT_EVENT_TXID_SET} WHERE id IN (${listIdsSql}) RETURNING id, last_event_txid
   )`;

/**
 * eventKeysOfListsCte for a statement that records an event under one list which belongs to
 * others too (a move between lists, seen by both lists' audiences): every list of `listIdsSql`
 * takes the same key, the greatest of theirs and this transaction's id, so the event stands
 * after every earlier event of each list and before every later one. The caller holds the
 * lists' row locks already (the move locked them), so the keys it reads are current.
 */
export const sharedEventKeyOfListsCte = (name: string, listIdsSql: string): string =>
  `${name} AS (
     UPDATE lists
        SET last_event_txid = GREATEST(pg_current_xact_id(),
                                       (SELECT max(o.last_event_txid) FROM lists o WHERE o.id IN (${listIdsSql})))
      WHERE id IN (${listIdsSql})
     RETURNING id, last_event_txid
   )`;

/** What an item statement changes on its list's row: each an SQL expression. */
export interface ItemsWritten {
  /** The list's id (a parameter, or a scalar subquery of the statement's own CTEs). */
  listId: string;
  /** The change of `item_count` (omitted: none). */
  items?: string;
  /** The change of `open_item_count`. */
  openItems: string;
  /** The write's instant: the list's `updated_at`. */
  at: string;
  /** The condition the write needs besides the list's id (something changed, the limit). */
  when: string;
  /** The CTE's name (default `list`): a move between lists writes two list rows, each its own CTE. */
  name?: string;
}

/**
 * The CTE `list` of an item statement: the UPDATE of the list's row that takes its lock, moves
 * its counters by what the statement really changed (in the same statement as the items, so
 * concurrent writes cannot make them drift and the per-list limit cannot be overshot), its
 * `updated_at`, its events' order key (NEXT_EVENT_TXID_SET) and, through the trigger, its
 * version (the list-version rule, above). It returns what the item's events need from the row:
 * id, name, last_event_txid and audience; it is empty when `when` does not hold, and then
 * nothing is recorded.
 */
export const itemsWrittenListCte = (p: ItemsWritten): string =>
  `${p.name ?? 'list'} AS (
         UPDATE lists
            SET ${p.items === undefined ? '' : `item_count = item_count + ${p.items}, `}open_item_count = open_item_count + ${p.openItems},
                updated_at = ${p.at},
                ${NEXT_EVENT_TXID_SET}
          WHERE id = ${p.listId} AND ${p.when}
         RETURNING id, name, last_event_txid, audience
       )`;

/**
 * A condition for the WHERE of an UPDATE of a lists row (itemsWrittenListCte's `when`): every
 * user of `userIdsSql` (a uuid[]) is the list's owner or one of its members, as the row's
 * latest version keeps them (`audience`; where the row keeps none, event_audience_of reads them
 * with a fresh snapshot). An UPDATE that waited for the row's lock evaluates it again on the
 * version the previous holder committed, so a member whose removal committed meanwhile is no
 * longer one (an item cannot be assigned to them).
 */
export const listAdmitsSql = (userIdsSql: string): string => `${userIdsSql} <@ COALESCE(audience, ARRAY(SELECT event_audience_of(id)))`;

/**
 * The users of `userIdsSql` (a uuid[]) who are neither the owner nor a member of the list
 * `listIdSql`, in their order, as a uuid[] (empty when all are): why an item write gated by
 * listAdmitsSql wrote nothing, asked after the fact.
 */
export const outsidersOfListSql = (listIdSql: string, userIdsSql: string): string =>
  `ARRAY(SELECT u FROM unnest(${userIdsSql}) WITH ORDINALITY AS o(u, n) WHERE u <> ALL(ARRAY(SELECT event_audience_of(${listIdSql}))) ORDER BY n)`;
