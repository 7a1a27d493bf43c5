import type { EventActor, NewEvent } from './event';

type ListRef = { id: string; name: string };

/**
 * The item.updated event of one item (API.md section 13): `item` is the Item resource as the
 * change left it, `changes` the names of the fields it changed, in the resource's order.
 * Every change that records item.updated builds it here (edits, updates, an assignee cleared,
 * a recurring item advanced).
 */
export const itemUpdatedEvent = (
  list: ListRef,
  actor: EventActor,
  at: Date,
  item: Record<string, unknown>,
  changes: readonly string[],
): NewEvent => ({ type: 'item.updated', list, actor, data: { item, changes: [...changes] }, createdAt: at });

/**
 * The item.moved event of one item: `item` as it now is, in `list`; `from` the list it was in
 * and its position there. A move between lists is recorded once, under the target list, and
 * belongs to the source list too (`fromListId`): whoever could see either list sees it.
 */
export const itemMovedEvent = (
  list: ListRef,
  actor: EventActor,
  at: Date,
  item: Record<string, unknown>,
  from: { list: ListRef; position: string },
): NewEvent => ({
  type: 'item.moved',
  list,
  actor,
  data: { item, from: { list: { id: from.list.id, name: from.list.name }, position: from.position } },
  createdAt: at,
  ...(from.list.id === list.id ? {} : { fromListId: from.list.id }),
});
