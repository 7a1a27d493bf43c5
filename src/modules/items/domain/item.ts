import type { Due } from './due';
import { addedPosition } from './position';

/** How important an item is (API.md section 13); the store keeps its index in ITEM_PRIORITIES. */
export type ItemPriority = 'none' | 'low' | 'medium' | 'high';
/** The priorities, lowest first: each one's index is what the store keeps (0-3), so `priority DESC` sorts high first. */
export const ITEM_PRIORITIES: readonly ItemPriority[] = ['none', 'low', 'medium', 'high'];

/** The user an item is assigned to, as the users table names them when the item is read. */
export interface ItemAssignee {
  id: string;
  username: string;
  name: string;
}

/** An item of a list (API.md sections 3 and 13). Plain data: the rules live in the functions beside it. */
export interface Item {
  id: string;
  listId: string;
  /** Stored trimmed. */
  text: string;
  /** Stored trimmed; '' when none. */
  notes: string;
  completed: boolean;
  createdAt: Date;
  /** User id. */
  createdBy: string;
  completedAt: Date | null;
  completedBy: string | null;
  due: Due | null;
  priority: ItemPriority;
  /** Trimmed, in the order given, unique case-insensitively. */
  labels: string[];
  /** The owner or a member of the list, or null. */
  assignee: ItemAssignee | null;
  /** The item's key in its list's order (domain/position.ts). */
  position: string;
  /** The instant of the item's last change of any kind. */
  updatedAt: Date;
  /** 1 when added; one more with every change to the item. */
  version: number;
  /**
   * Position in the list's order of creation, assigned by the store when the item is
   * inserted (items of one add get consecutive positions in request order). It is the
   * key of keyset pagination and never appears in responses.
   */
  seq: number;
}

/**
 * What the service hands the store to insert, before the store knows which list the add
 * means: the id it chose, the text, and the fields the add sets (the others take their
 * defaults). The assignee is named by user id: the store checks that they may be assigned and
 * reads their name in the same atomic step as the insert.
 */
export type NewItem = Pick<Item, 'id' | 'text'> &
  Partial<Pick<Item, 'notes' | 'due' | 'priority' | 'labels'>> & {
    /** The assignee's user id (the service has resolved "me"). */
    assigneeId?: string | null;
  };

/**
 * The item an add inserted: the caller's (`by`), created at the add's instant, open, at `seq`
 * and after every item of its list (addedPosition), with the section 13 defaults for every
 * field the add did not set; `assignee` is the user `item.assigneeId` names, as the store read them.
 */
export const addedItem = (
  item: NewItem,
  listId: string,
  by: string,
  at: Date,
  seq: number,
  assignee: ItemAssignee | null = null,
): Item => ({
  id: item.id,
  listId,
  text: item.text,
  notes: item.notes ?? '',
  completed: false,
  createdAt: at,
  createdBy: by,
  completedAt: null,
  completedBy: null,
  due: item.due ?? null,
  priority: item.priority ?? 'none',
  labels: item.labels ?? [],
  assignee,
  position: addedPosition(seq),
  updatedAt: at,
  version: 1,
  seq,
});

export type ItemStatusFilter = 'all' | 'open' | 'completed';
export const ITEM_STATUS_FILTERS: readonly ItemStatusFilter[] = ['all', 'open', 'completed'];

export const matchesStatus = (item: Item, status: ItemStatusFilter): boolean =>
  status === 'all' || item.completed === (status === 'completed');

/**
 * The item once completed (completed = true) or reopened by `by` at `at`, one version on;
 * unchanged if already so.
 */
export function withCompletion(item: Item, completed: boolean, by: string, at: Date): Item {
  if (item.completed === completed) return item;
  const changed = { updatedAt: at, version: item.version + 1 };
  return completed
    ? { ...item, ...changed, completed: true, completedAt: at, completedBy: by }
    : { ...item, ...changed, completed: false, completedAt: null, completedBy: null };
}
