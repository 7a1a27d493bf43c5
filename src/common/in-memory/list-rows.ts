import type { Viewer } from '../auth/principal';

/**
 * The columns of a lists row that the items module keeps. In PostgreSQL, lists and items
 * are one database: the items adapter moves `item_count`, `open_item_count` and
 * `updated_at` in the statements that change items, and deleting a list cascades to its
 * items. The in-memory adapters are wired the same way: the lists module's in-memory store
 * offers its rows through this interface and the items module's in-memory store is built
 * on it, so both report the same counters and items see a list's deletion. It lives here,
 * not in either module, so that neither module's adapters import the other's.
 */
export interface ListCounters {
  itemCount: number;
  openItemCount: number;
  updatedAt: Date;
}

/** A list as one caller sees it: what the items module's page answers beside the items. */
export interface ListSeen {
  id: string;
  name: string;
  role: 'owner' | 'editor' | 'viewer';
}

export interface InMemoryListRows {
  /** The list as `viewer` sees it (owner or member, and reached by its key), or undefined when it cannot see it or it does not exist. */
  seenBy(listId: string, viewer: Viewer): ListSeen | undefined;
  /**
   * The lists `viewer` can see that a reference may mean (the list with id `id`, or lists whose
   * name folds to the same key as `name`), best match first: the id match, then the caller's
   * own, then by creation; at most `limit` (the order ListAccess's pickList reads).
   */
  mightMean(viewer: Viewer, id: string | null, name: string, limit: number): ListSeen[];
  /** A copy of the list's counters, or undefined when there is no such list. */
  counters(listId: string): ListCounters | undefined;
  /** Moves both counts by the deltas and sets updated_at; false when there is no such list. */
  moveCounters(listId: string, items: number, open: number, at: Date): boolean;
  /** Calls `listener` with the id of every list deleted from now on (as ON DELETE CASCADE would). */
  onListDeleted(listener: (listId: string) => void): void;
}
