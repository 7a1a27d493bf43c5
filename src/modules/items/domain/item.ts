/** An item of a list (API.md section 3). Plain data: the rules live in the functions beside it. */
export interface Item {
  id: string;
  listId: string;
  /** Stored trimmed. */
  text: string;
  completed: boolean;
  createdAt: Date;
  /** User id. */
  createdBy: string;
  completedAt: Date | null;
  completedBy: string | null;
  /**
   * Position in the list's order of creation, assigned by the store when the item is
   * inserted (items of one add get consecutive positions in request order). It is the
   * key of keyset pagination and never appears in responses.
   */
  seq: number;
}

/**
 * What the service hands the store to insert, before the store knows which list the add
 * means: the id it chose and the text.
 */
export type NewItem = Pick<Item, 'id' | 'text'>;

/** The item an add inserted: the caller's (`by`), created at the add's instant, open, at `seq`. */
export const addedItem = (item: NewItem, listId: string, by: string, at: Date, seq: number): Item => ({
  id: item.id,
  listId,
  text: item.text,
  completed: false,
  createdAt: at,
  createdBy: by,
  completedAt: null,
  completedBy: null,
  seq,
});

export type ItemStatusFilter = 'all' | 'open' | 'completed';
export const ITEM_STATUS_FILTERS: readonly ItemStatusFilter[] = ['all', 'open', 'completed'];

export const matchesStatus = (item: Item, status: ItemStatusFilter): boolean =>
  status === 'all' || item.completed === (status === 'completed');

/** The item once completed (completed = true) or reopened by `by` at `at`; unchanged if already so. */
export function withCompletion(item: Item, completed: boolean, by: string, at: Date): Item {
  if (item.completed === completed) return item;
  return completed
    ? { ...item, completed: true, completedAt: at, completedBy: by }
    : { ...item, completed: false, completedAt: null, completedBy: null };
}
