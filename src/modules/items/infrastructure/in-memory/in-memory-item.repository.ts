import type { InMemoryListRows } from '../../../../common/in-memory/list-rows';
import { foldKey } from '../../../../common/text/fold-key';
import type { EventActor, EventType } from '../../../events/domain/event';
import type { EventLog } from '../../../events/domain/event-log';
import { addedItem, Item, ItemAssignee, withCompletion } from '../../domain/item';
import type { CandidateQuery } from '../../domain/item-matching';
import { AddOutcome, AddRequest, ItemRepository, ItemsMove } from '../../domain/item.repository';
import type { ItemEdit, Placement } from '../../domain/item-edits';
import { canWriteItems, LIST_CANDIDATES, pickList } from '../../../lists/domain/list-access';
import { presentItem } from '../../application/item-resource';

/** Where the in-memory store records item events, and what it needs to word them. */
export interface ItemEventSink {
  log: EventLog;
  listName: (listId: string) => string;
  actor: (userId: string) => EventActor;
}

const copy = (item: Item): Item => ({ ...item });

/**
 * A real, working item store in memory. The lists are the lists module's in-memory rows
 * (`InMemoryListRows`, as the lists table is in PostgreSQL): an unknown list is a missing
 * one, the counters moved here are the ones the list store reports, and deleting a list
 * forgets its items. Each write records its events in the sink, when there is one, as the
 * PostgreSQL adapter does in the write's own statement. Atomicity comes from
 * InMemoryUnitOfWork serialising units and from every method validating before it mutates,
 * so there is never anything to roll back.
 */
export class InMemoryItemRepository extends ItemRepository {
  private readonly byList = new Map<string, Item[]>();
  private nextSeq = 1;

  /** Without a sink no events are recorded (specs about items alone). */
  constructor(
    private readonly lists: InMemoryListRows,
    private readonly events?: ItemEventSink,
  ) {
    super();
    lists.onListDeleted((listId) => this.byList.delete(listId));
  }

  async addToList({ viewer, reference, items, maxPerList, at }: AddRequest): Promise<AddOutcome> {
    const userId = viewer.userId;
    const candidates = this.lists.mightMean(viewer, reference.id, reference.name, LIST_CANDIDATES);
    // mightMean's rows are fresh objects: nothing here is shared with the store.
    const list = pickList(candidates, reference);
    if (!list) return { ok: false, reason: 'unresolved', candidates };
    if (!canWriteItems(list.role)) return { ok: false, reason: 'viewer', list };
    const counters = this.lists.counters(list.id);
    if (!counters) return { ok: false, reason: 'list_missing', list };
    if (counters.itemCount + items.length > maxPerList) return { ok: false, reason: 'limit_reached', list };
    // An assignee must see the list as its owner or a member (whatever their keys reach).
    const outsider = items.find((draft) => draft.assigneeId && !this.lists.seenBy(list.id, { userId: draft.assigneeId, listIds: null }));
    if (outsider) return { ok: false, reason: 'not_assignable', list, userId: outsider.assigneeId! };
    const stored = items.map((draft) =>
      addedItem(draft, list.id, userId, at, this.nextSeq++, draft.assigneeId ? this.assigneeNamed(draft.assigneeId) : null),
    );
    const listItems = this.byList.get(list.id) ?? [];
    listItems.push(...stored);
    this.byList.set(list.id, listItems);
    this.lists.moveCounters(list.id, stored.length, stored.length, at);
    await this.record('item.added', list.id, stored, userId, at);
    return { ok: true, list, items: stored.map(copy) };
  }

  async lockList(listId: string): Promise<boolean> {
    return this.lists.counters(listId) !== undefined;
  }

  async findCandidates(listId: string, query: CandidateQuery): Promise<Item[]> {
    const ids = new Set(query.ids);
    const keys = new Set(query.keys);
    return this.itemsOf(listId)
      .filter((item) => ids.has(item.id) || keys.has(foldKey(item.text)))
      .map(copy);
  }

  async setCompletion(listId: string, itemIds: readonly string[], completed: boolean, by: string, at: Date): Promise<void> {
    const wanted = new Set(itemIds);
    const items = this.itemsOf(listId);
    const changed = new Map<string, Item>();
    items.forEach((item, index) => {
      if (!wanted.has(item.id) || item.completed === completed) return;
      items[index] = withCompletion(item, completed, by, at);
      changed.set(item.id, items[index]);
    });
    if (changed.size > 0) this.lists.moveCounters(listId, 0, completed ? -changed.size : changed.size, at);
    const inOrder = itemIds.flatMap((id) => (changed.has(id) ? [changed.get(id)!] : []));
    await this.record(completed ? 'item.completed' : 'item.reopened', listId, inOrder, by, at);
  }

  async removeAll(listId: string, itemIds: readonly string[], at: Date, by: string): Promise<void> {
    const wanted = new Set(itemIds);
    const items = this.itemsOf(listId);
    const gone = items.filter((item) => wanted.has(item.id));
    if (gone.length === 0) return;
    this.byList.set(
      listId,
      items.filter((item) => !wanted.has(item.id)),
    );
    this.lists.moveCounters(listId, -gone.length, -gone.filter((item) => !item.completed).length, at);
    const byId = new Map(gone.map((item) => [item.id, item]));
    await this.record(
      'item.removed',
      listId,
      itemIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      by,
      at,
    );
  }

  private async record(type: EventType, listId: string, items: readonly Item[], actorId: string | undefined, at: Date): Promise<void> {
    if (!this.events || items.length === 0 || actorId === undefined) return;
    const { log, listName, actor } = this.events;
    const list = { id: listId, name: listName(listId) };
    await log.record(items.map((item) => ({ type, list, actor: actor(actorId), data: { item: presentItem(item) }, createdAt: at })));
  }

  async saveEdits(listId: string, edits: readonly ItemEdit[], at: Date): Promise<void> {
    const byId = new Map(edits.filter((edit) => edit.changes.length > 0).map((edit) => [edit.id, edit]));
    if (byId.size === 0) return;
    const items = this.itemsOf(listId);
    items.forEach((item, index) => {
      const edit = byId.get(item.id);
      if (edit) items[index] = { ...this.edited(item, edit), version: item.version + 1, updatedAt: at };
    });
    this.lists.moveCounters(listId, 0, 0, at);
  }

  async findAssignedTo(listId: string, userId: string): Promise<Item[]> {
    return this.itemsOf(listId)
      .filter((item) => item.assignee?.id === userId)
      .map(copy);
  }

  async gapAt(listId: string, placement: Placement, moving: readonly string[]): Promise<{ lower: string | null; upper: string | null }> {
    const skipped = new Set(moving);
    // Positions are ASCII: JavaScript's order of strings is PostgreSQL's bytewise COLLATE "C".
    const positions = this.itemsOf(listId)
      .filter((item) => !skipped.has(item.id))
      .map((item) => item.position)
      .sort();
    if ('to' in placement) {
      return placement.to === 'top' ? { lower: null, upper: positions[0] ?? null } : { lower: positions.at(-1) ?? null, upper: null };
    }
    const anchorId = 'before' in placement ? placement.before : placement.after;
    const anchor = this.itemsOf(listId).find((item) => item.id === anchorId)!.position;
    return 'before' in placement
      ? { lower: positions.filter((p) => p < anchor).at(-1) ?? null, upper: anchor }
      : { lower: anchor, upper: positions.find((p) => p > anchor) ?? null };
  }

  async moveItems({ from, to, moves, at, maxPerList }: ItemsMove): Promise<boolean> {
    const target = this.lists.counters(to);
    if (!target || (from !== to && target.itemCount + moves.length > maxPerList)) return false;
    const byId = new Map(moves.map((move) => [move.id, move]));
    const source = this.itemsOf(from);
    const moved = source
      .filter((item) => byId.has(item.id))
      .map((item): Item => {
        const move = byId.get(item.id)!;
        return {
          ...item,
          listId: to,
          position: move.position,
          assignee: move.clearAssignee ? null : item.assignee,
          version: item.version + 1,
          updatedAt: at,
        };
      });
    const kept = source.filter((item) => !byId.has(item.id));
    if (from === to) {
      // The array stays in creation order (seq), as the pages read it.
      this.byList.set(
        from,
        [...kept, ...moved].sort((a, b) => a.seq - b.seq),
      );
      this.lists.moveCounters(from, 0, 0, at);
      return true;
    }
    this.byList.set(from, kept);
    this.byList.set(
      to,
      [...this.itemsOf(to), ...moved].sort((a, b) => a.seq - b.seq),
    );
    const open = moved.filter((item) => !item.completed).length;
    this.lists.moveCounters(from, -moved.length, -open, at);
    this.lists.moveCounters(to, moved.length, open, at);
    return true;
  }

  /**
   * An assignee as the item resource names them: through the events sink's user lookup when
   * there is one (the accounts the specs made), else by the id alone (specs about items alone).
   */
  private assigneeNamed(userId: string): ItemAssignee {
    if (this.events) {
      const { id, username, name } = this.events.actor(userId);
      return { id, username, name };
    }
    return { id: userId, username: userId, name: userId };
  }

  /** The item with the edit's fields set (the assignee named as the users table would name them). */
  private edited(item: Item, { set }: ItemEdit): Item {
    const next: Item = { ...item };
    if (set.text !== undefined) next.text = set.text;
    if (set.notes !== undefined) next.notes = set.notes;
    if (set.due !== undefined) next.due = set.due;
    if (set.priority !== undefined) next.priority = set.priority;
    if (set.labels !== undefined) next.labels = [...set.labels];
    if (set.assigneeId !== undefined) next.assignee = set.assigneeId === null ? null : this.assigneeNamed(set.assigneeId);
    return next;
  }

  /** The list's items, oldest first, as stored (InMemoryItemPageReadModel reads them; callers must not change them). */
  storedItems(listId: string): readonly Item[] {
    return this.itemsOf(listId);
  }

  /** Items are appended with growing positions, so each list's array stays oldest first. */
  private itemsOf(listId: string): Item[] {
    return this.byList.get(listId) ?? [];
  }
}
