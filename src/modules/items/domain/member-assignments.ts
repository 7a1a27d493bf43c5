import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { Item } from './item';
import type { ItemChangeEvents, ListRef } from './item-change-events';
import { unassigned } from './item-edits';
import type { ItemRepository } from './item.repository';

/**
 * Port of the items module for the lists module: a member who leaves a list, or is removed from
 * it, stops being the assignee of its items (API.md section 13). The lists module calls it
 * inside the unit of work that removes the membership, before the membership goes, so the
 * items' item.updated events (`changes: ["assignee"]`) commit with the removal and still reach
 * the member. The items module owns the items table: the lists module never writes it.
 */
export abstract class MemberAssignments {
  /** Clears `userId` as the assignee of every item of the list, recording each with `actorId` as the actor. */
  abstract release(list: { id: string; name: string }, userId: string, actorId: string, at: Date): Promise<void>;
}

/** The items of `ids` of the list as stored now, in that order (the caller holds the list's lock). */
export async function itemsNow(items: ItemRepository, listId: string, ids: readonly string[]): Promise<Item[]> {
  const rows = await items.findCandidates(listId, { ids: [...ids], keys: [] });
  const byId = new Map(rows.map((item) => [item.id, item]));
  return ids.map((id) => {
    const item = byId.get(id);
    if (!item) throw new Error(`item ${id} vanished while its list was locked`);
    return item;
  });
}

/**
 * MemberAssignments over the item store. Inside the lists module's unit of work (this one joins
 * it): the list's lock first, then the items assigned to the member, read once the lock is held,
 * so that an assignment committed while the removal waited is cleared too, and an edit that
 * waited for the removal finds the member gone (its check runs after it takes the same lock).
 */
export class ReleasedAssignments extends MemberAssignments {
  constructor(
    private readonly items: ItemRepository,
    private readonly uow: UnitOfWork,
    private readonly events: ItemChangeEvents,
  ) {
    super();
  }

  async release(list: ListRef, userId: string, actorId: string, at: Date): Promise<void> {
    await this.uow.run(async () => {
      if (!(await this.items.lockList(list.id))) return;
      const assigned = await this.items.findAssignedTo(list.id, userId);
      if (assigned.length === 0) return;
      const edits = assigned.map(unassigned);
      await this.items.saveEdits(list.id, edits, at);
      const fresh = await itemsNow(
        this.items,
        list.id,
        edits.map((edit) => edit.id),
      );
      await this.events.recordUpdated(
        actorId,
        at,
        { id: list.id, name: list.name },
        fresh.map((item) => ({ item, changes: ['assignee'] })),
      );
    });
  }
}
