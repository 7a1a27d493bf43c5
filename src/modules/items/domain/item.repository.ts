import type { Viewer } from '../../../common/auth/principal';
import type { AccessibleList, ListReference } from '../../lists/domain/list-access';
import type { CandidateQuery } from './item-matching';
import type { Item, NewItem } from './item';

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
}
