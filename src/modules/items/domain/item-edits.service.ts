import type { Viewer } from '../../../common/auth/principal';
import { InvalidInput, NotFoundError } from '../../../common/errors/domain-error';
import type { Clock } from '../../../common/ports/clock';
import { isUuid } from '../../../common/ports/id-generator';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import { AccessibleList, canWriteItems, ListAccess } from '../../lists/domain/list-access';
import type { Item } from './item';
import type { ItemChangeEvents, ItemUpdate, ListRef } from './item-change-events';
import { asksSomething, editOf, IfMatch, ifMatchHolds, ItemChanges, ItemEdit, Placement } from './item-edits';
import { candidateQuery, matchEntries } from './item-matching';
import { addedPosition, positionsBetween } from './position';
import type { ItemRepository } from './item.repository';
import { itemsNow } from './member-assignments';
import { normaliseEntries, normaliseListReference, parseItemText } from './item-text';
import {
  AssigneeNotMember,
  ItemChangedSinceRead,
  ItemNotFound,
  ItemsNotFound,
  ListGone,
  MAX_ITEMS_PER_LIST,
  MoveLimitReached,
  MoveRelativeToItself,
  TextOfManyItems,
  ViewerCannotWrite,
} from './items.errors';

export interface EditedItems {
  list: ListRef;
  items: Item[];
}

/** A move's target, as the request gives it: at most one of before, after and to. */
export interface MoveTarget {
  toList?: string;
  before?: string;
  after?: string;
  to?: 'top' | 'bottom';
}

const refOf = (list: AccessibleList): ListRef => ({ id: list.id, name: list.name });

/**
 * Editing and moving items (API.md section 13): PATCH of one item, the update and move
 * actions, and clearing a departing member's assignments. The order of checks is API.md's:
 * the body (400), the list and items (404), the caller's role (403), the If-Match precondition
 * (412), domain rules (422). Every write is one unit of work that holds the list's lock (the
 * lock every item write of the list takes), reads the items, writes what really changes, reads
 * them back and records their events, so concurrent writers of a list take turns and an
 * If-Match compares with the version the write replaces.
 *
 * What changes nothing writes nothing: an edit that sets every field to the value it has is
 * answered with the item as it is, without a new version or an event.
 */
export class ItemEditsService {
  constructor(
    private readonly items: ItemRepository,
    private readonly access: ListAccess,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: ItemChangeEvents,
  ) {}

  /** PATCH /v1/lists/:id/items/:item_id: the item as it now is. */
  async patch(viewer: Viewer, listId: string, itemId: string, changes: ItemChanges, ifMatch: IfMatch | null): Promise<Item> {
    if (!asksSomething(changes))
      throw new InvalidInput('EMPTY_EDIT', 'the body must change at least one of text, notes, due, priority, labels, assignee');
    const list = await this.access.getVisible(viewer, listId);
    const id = isUuid(itemId) ? itemId.toLowerCase() : null;
    return this.uow.run(async () => {
      if (!(await this.items.lockList(list.id))) throw new ListGone();
      const [item] = id ? (await this.items.findCandidates(list.id, { ids: [id], keys: [] })).filter((c) => c.id === id) : [];
      if (!item) throw new ItemNotFound();
      if (!canWriteItems(list.role)) throw new ViewerCannotWrite();
      if (!ifMatchHolds(ifMatch, item.version)) throw new ItemChangedSinceRead(item.version);
      const [edited] = await this.apply(viewer, list, [item], changes, 'labels');
      return edited;
    });
  }

  /** POST /v1/actions/update: the matched items, in entry order, as they now are. */
  async update(viewer: Viewer, listReference: string, entries: readonly string[], changes: ItemChanges): Promise<EditedItems> {
    const wanted = normaliseEntries(entries);
    if (!asksSomething(changes)) throw new InvalidInput('EMPTY_EDIT', 'set must change at least one field');
    const list = await this.writableList(viewer, listReference);
    return this.uow.run(async () => {
      if (!(await this.items.lockList(list.id))) throw new ListGone();
      const candidates = await this.items.findCandidates(list.id, candidateQuery(wanted));
      const match = matchEntries('update', wanted, candidates);
      if (!match.matched) throw new ItemsNotFound(match.unmatched);
      if (changes.text !== undefined && match.matched.length > 1) throw new TextOfManyItems(match.matched.length);
      const labelsField = changes.labels !== undefined ? 'set.labels' : 'set.add_labels';
      return { list: refOf(list), items: await this.apply(viewer, list, match.matched, changes, labelsField) };
    });
  }

  /** POST /v1/actions/move: the moved items, in entry order, as they now are in the target list. */
  async move(viewer: Viewer, listReference: string, entries: readonly string[], target: MoveTarget): Promise<EditedItems> {
    const wanted = normaliseEntries(entries);
    const placement = readPlacement(target);
    const source = await this.writableList(viewer, listReference);
    const destination = target.toList === undefined ? source : await this.writableList(viewer, target.toList);
    const across = destination.id !== source.id;
    return this.uow.run(async () => {
      // Both lists' locks, always in the same order, so two opposite moves cannot deadlock.
      for (const listId of [...new Set([source.id, destination.id])].sort()) {
        if (!(await this.items.lockList(listId))) throw new ListGone();
      }
      const match = matchEntries('move', wanted, await this.items.findCandidates(source.id, candidateQuery(wanted)));
      if (!match.matched) throw new ItemsNotFound(match.unmatched);
      const moving = match.matched;
      const movingIds = moving.map((item) => item.id);
      const anchored = await this.anchor(destination.id, placement, movingIds);
      const gap = await this.items.gapAt(destination.id, anchored, movingIds);
      const keys = blockPositions(gap, moving);
      const keep = across ? await this.assignable(destination.id, moving) : null;
      const at = this.clock.now();
      const moved = await this.items.moveItems({
        from: source.id,
        to: destination.id,
        moves: moving.map((item, index) => ({
          id: item.id,
          position: keys[index],
          clearAssignee: keep !== null && item.assignee !== null && !keep.has(item.assignee.id),
        })),
        at,
        maxPerList: MAX_ITEMS_PER_LIST,
      });
      if (!moved) throw new MoveLimitReached(moving.length);
      const now = await this.reread(destination.id, movingIds);
      await this.events.recordMoved(
        viewer.userId,
        at,
        refOf(destination),
        refOf(source),
        moving.map((item, index) => ({ item: now[index], fromPosition: item.position })),
      );
      return { list: refOf(destination), items: now };
    });
  }

  private async writableList(viewer: Viewer, listReference: string): Promise<AccessibleList> {
    const list = await this.access.resolve(viewer, normaliseListReference(listReference));
    if (!canWriteItems(list.role)) throw new ViewerCannotWrite();
    return list;
  }

  /** The edits of `changes` to `items` written (those that change something), their events recorded; the items as they now are. */
  private async apply(
    viewer: Viewer,
    list: AccessibleList,
    items: readonly Item[],
    changes: ItemChanges,
    labelsField: string,
  ): Promise<Item[]> {
    if (changes.assigneeId) await this.assertAssignable(list, changes.assigneeId);
    const edits = items.map((item) => editOf(item, changes, labelsField));
    const changing = edits.filter((edit) => edit.changes.length > 0);
    if (changing.length === 0) return [...items];
    const at = this.clock.now();
    await this.items.saveEdits(list.id, changing, at);
    const fresh = await this.reread(
      list.id,
      changing.map((edit) => edit.id),
    );
    await this.recordUpdates(viewer.userId, at, refOf(list), changing, fresh);
    const byId = new Map(fresh.map((item) => [item.id, item]));
    return items.map((item) => byId.get(item.id) ?? item);
  }

  private recordUpdates(actorId: string, at: Date, list: ListRef, edits: readonly ItemEdit[], fresh: readonly Item[]): Promise<void> {
    const updates: ItemUpdate[] = edits.map((edit, index) => ({ item: fresh[index], changes: edit.changes }));
    return this.events.recordUpdated(actorId, at, list, updates);
  }

  private reread(listId: string, ids: readonly string[]): Promise<Item[]> {
    return itemsNow(this.items, listId, ids);
  }

  /** Whether `userId` is the list's owner or one of its members: the list is visible to their account. */
  private async sees(listId: string, userId: string): Promise<boolean> {
    try {
      await this.access.getVisible({ userId, listIds: null }, listId);
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  private async assertAssignable(list: AccessibleList, userId: string): Promise<void> {
    if (!(await this.sees(list.id, userId))) throw new AssigneeNotMember(userId, list.name);
  }

  /** Of the moving items' assignees, those who may stay assigned in the target list. */
  private async assignable(listId: string, moving: readonly Item[]): Promise<Set<string>> {
    const keep = new Set<string>();
    for (const userId of new Set(moving.flatMap((item) => (item.assignee ? [item.assignee.id] : [])))) {
      if (await this.sees(listId, userId)) keep.add(userId);
    }
    return keep;
  }

  /**
   * The placement with its anchor resolved to an item id of the target list: an id of one of its
   * items, or else the oldest item with that text (404 when none); an anchor that is one of the
   * moving items → 422.
   */
  private async anchor(listId: string, placement: Placement, moving: readonly string[]): Promise<Placement> {
    if ('to' in placement) return placement;
    const field = 'before' in placement ? 'before' : 'after';
    const entry = 'before' in placement ? placement.before : placement.after;
    const match = matchEntries('move', [entry], await this.items.findCandidates(listId, candidateQuery([entry])));
    if (!match.matched) throw new ItemsNotFound([entry]);
    const [item] = match.matched;
    if (moving.includes(item.id)) throw new MoveRelativeToItself(field);
    return field === 'before' ? { before: item.id } : { after: item.id };
  }
}

/** The request's before, after and to as one placement: at most one of them (else 400); the bottom by default. */
export function readPlacement(target: MoveTarget): Placement {
  const given = (['before', 'after', 'to'] as const).filter((field) => target[field] !== undefined);
  if (given.length > 1) {
    throw new InvalidInput('MOVE_PLACEMENT', `send at most one of before, after and to (got ${given.join(', ')})`);
  }
  if (target.before !== undefined) return { before: parseItemText(target.before, 'before') };
  if (target.after !== undefined) return { after: parseItemText(target.after, 'after') };
  return { to: target.to ?? 'bottom' };
}

/**
 * The positions of a moved block, in order, in the gap it goes into. An empty list has no
 * neighbour to place them by: the first takes the key an add would have given it
 * (addedPosition of its own seq, below every later add's), the others follow it.
 */
function blockPositions(gap: { lower: string | null; upper: string | null }, moving: readonly Item[]): string[] {
  if (gap.lower !== null || gap.upper !== null) return positionsBetween(gap.lower, gap.upper, moving.length);
  const first = addedPosition(moving[0].seq);
  return [first, ...positionsBetween(first, null, moving.length - 1)];
}
