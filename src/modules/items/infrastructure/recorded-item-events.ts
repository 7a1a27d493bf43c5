import type { UserDirectory } from '../../auth/domain/user-directory';
import { itemMovedEvent, itemUpdatedEvent } from '../../events/domain/item-events';
import type { EventLog } from '../../events/domain/event-log';
import { presentItem } from '../application/item-resource';
import { ItemChangeEvents, ItemMove, ItemUpdate, ListRef } from '../domain/item-change-events';

/**
 * ItemChangeEvents over the events outbox (EventLog): each event's item in the JSON the item
 * routes answer with (presentItem), the actor from the user directory, every event of the
 * change recorded in one statement.
 */
export class RecordedItemEvents extends ItemChangeEvents {
  constructor(
    private readonly users: UserDirectory,
    private readonly log: EventLog,
  ) {
    super();
  }

  async recordUpdated(actorId: string, at: Date, list: ListRef, updates: readonly ItemUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const actor = await this.actor(actorId);
    await this.log.record(updates.map(({ item, changes }) => itemUpdatedEvent(list, actor, at, presentItem(item), changes)));
  }

  async recordMoved(actorId: string, at: Date, list: ListRef, from: ListRef, moves: readonly ItemMove[]): Promise<void> {
    if (moves.length === 0) return;
    const actor = await this.actor(actorId);
    await this.log.record(
      moves.map(({ item, fromPosition }) => itemMovedEvent(list, actor, at, presentItem(item), { list: from, position: fromPosition })),
    );
  }

  private async actor(userId: string) {
    const user = await this.users.findById(userId);
    // An account is never deleted while it acts on a list (foreign keys cascade).
    if (!user) throw new Error(`account ${userId} acting on a list is missing`);
    return { id: user.id, username: user.username, name: user.name };
  }
}
