import type { Viewer } from '../../../common/auth/principal';
import type { AccessibleList, ListReference } from '../../lists/domain/list-access';
import type { CandidateQuery } from './item-matching';
import type { Item, NewItem } from './item';
import type { ItemEdit, Placement } from './item-edits';

/**
 * An add as a store performs it (ItemRepository.addToList): the list is one `viewer` sees
 * (the lists module's visibility rule, a restricted key's lists included), and every item is
 * created by its account, `viewer.userId`, at `at`, the add's instant, which is also the
 * list's new `updated_at`.
 */
export interface AddRequest {
  viewer: Viewer;
  reference: ListReference;
  /** One or more (the service refuses an empty add before it gets here). */
  items: readonly NewItem[];
  maxPerList: number;
  at: Date;
}

export type AddOutcome =
  | { ok: true; list: AccessibleList; items: Item[] }
  /** pickList found no list among these candidates (the lists the reference may mean, best first). */
  | { ok: false; reason: 'unresolved'; candidates: AccessibleList[] }
  /** The list the reference means, and why nothing was added to it. */
  | { ok: false; reason: 'viewer' | 'limit_reached' | 'list_missing'; list: AccessibleList }
  /** An item's assignee (this user id) is neither the list's owner nor a member. */
  | { ok: false; reason: 'not_assignable'; list: AccessibleList; userId: string };

/**
 * Port: where items live. Besides the items themselves, a store keeps the list's
 * `item_count`, `open_item_count` and `updated_at` exact, in the same atomic step that
 * changes the items, so reading a list never has to count; and it records the events of
 * each change (API.md section 8) in that same step, so no change goes without its events.
 */
export abstract class ItemRepository {
  /**
   * An add, in one atomic step: finds the list `reference` means to `viewer` (the lists it
   * can see that it may mean, at most LIST_CANDIDATES, best first, and ListAccess's pickList
   * rule among them), and when they may write to it (canWriteItems), inserts `items` (one or
   * more; in this order, which becomes their order in the list) unless the list would then
   * hold more than `maxPerList` items. The check, the counters and the insert are one atomic
   * step, so concurrent adds cannot overshoot. Returns the list and the stored items in the
   * order given, or why nothing was added: no list picked (with the candidates, so that the
   * caller can tell a missing list from an ambiguous name), a viewer's role, the limit, or a
   * list deleted meanwhile, or an assignee (an item's `assigneeId`) who is neither the list's
   * owner nor a member as the write finds them (checked in the same atomic step as the insert,
   * so a member removed meanwhile cannot be assigned). Records an item.added event per item, in that order, with the
   * items' creator as the actor, in the same atomic step (nothing when refused). In
   * PostgreSQL, one statement: the list lookup and the add cost one round trip.
   */
  abstract addToList(add: AddRequest): Promise<AddOutcome>;

  /**
   * Inside a unit of work: makes the changes to this list's items take turns until the
   * unit ends (a row lock in PostgreSQL), so what `findCandidates` returns stays true
   * until the change is written. False when the list no longer exists.
   */
  abstract lockList(listId: string): Promise<boolean>;

  /** The list's items with one of the ids, or whose match key is one of the keys; oldest first. */
  abstract findCandidates(listId: string, query: CandidateQuery): Promise<Item[]>;

  /**
   * Completes (or reopens) those of the items not yet in that state, recording who and
   * when (or clearing both), and adjusts the list's open count and `updated_at`. Records an
   * item.completed (item.reopened) event for each item it changed, in the order of
   * `itemIds`, with `by` as the actor; items already in that state record nothing.
   */
  abstract setCompletion(listId: string, itemIds: readonly string[], completed: boolean, by: string, at: Date): Promise<void>;

  /**
   * Deletes the items for good and adjusts the list's counts and `updated_at`. Records an
   * item.removed event per removed item (as it was), in the order of `itemIds`, by `by`.
   */
  abstract removeAll(listId: string, itemIds: readonly string[], at: Date, by: string): Promise<void>;

  /**
   * Inside a unit of work holding the list's lock (lockList): writes each edit's changed fields
   * (an edit with no changes is skipped), moves each edited item's `version` by one and its
   * `updated_at` to `at`, and the list's `updated_at` to `at` (and its version, the page cache's
   * key). Records no event: the caller records item.updated (ItemChangeEvents).
   */
  abstract saveEdits(listId: string, edits: readonly ItemEdit[], at: Date): Promise<void>;

  /** The list's items assigned to `userId`, oldest first. */
  abstract findAssignedTo(listId: string, userId: string): Promise<Item[]>;

  /**
   * The positions between which a move puts its block in list `listId`, leaving out the items
   * being moved (`moving`): for `before` an item, that item's position and the one before it;
   * for `after`, that item's and the one after it; for the top, null and the first position;
   * for the bottom, the last position and null. The anchor item is one of the list's, not moving.
   */
  abstract gapAt(listId: string, placement: Placement, moving: readonly string[]): Promise<{ lower: string | null; upper: string | null }>;

  /**
   * Inside a unit of work holding both lists' locks: moves the items (all in list `from`) to
   * list `to` (the same list, or another) at the positions given, moves their `version` by one
   * and their `updated_at` to `at`, clears the assignee of those marked, and moves both lists'
   * counters and `updated_at` (and versions). Into another list, refuses (false, nothing
   * written) when `to` would then hold more than `maxPerList` items. Records no event: the
   * caller records item.moved (ItemChangeEvents).
   */
  abstract moveItems(move: ItemsMove): Promise<boolean>;
}

export interface ItemsMove {
  from: string;
  to: string;
  moves: ReadonlyArray<{ id: string; position: string; clearAssignee: boolean }>;
  at: Date;
  maxPerList: number;
}
