import type { EditableField } from './item-edits';
import type { Item } from './item';

export interface ListRef {
  id: string;
  name: string;
}

/** One item.updated: the item as it now is, and the fields that changed (in EDITABLE_FIELDS' order). */
export interface ItemUpdate {
  item: Item;
  changes: readonly EditableField[];
}

/** One item.moved: the item as it now is (in the target list), and where it was. */
export interface ItemMove {
  item: Item;
  fromPosition: string;
}

/**
 * Port: records the item.updated and item.moved events of a change (API.md sections 8 and 13),
 * one event per item in the order given, `actorId` as the actor. Called inside the change's
 * unit of work, after the change is written, so the events commit or roll back with it and
 * show the items as the change left them. Who sees an event is fixed when it is recorded: the
 * list's owner and members then, and for a move between lists those of both lists.
 *
 * Every change that records item.updated goes through `recordUpdated`: edits, updates, an
 * assignee cleared when a member leaves, and a recurring item advanced when it is completed.
 */
export abstract class ItemChangeEvents {
  abstract recordUpdated(actorId: string, at: Date, list: ListRef, updates: readonly ItemUpdate[]): Promise<void>;

  /** `from` is the list the items were in: `list` itself for a move within a list. */
  abstract recordMoved(actorId: string, at: Date, list: ListRef, from: ListRef, moves: readonly ItemMove[]): Promise<void>;
}
