import { isoTime } from '../../../common/http/iso-time';
import type { Item } from '../domain/item';
import type { RenderedItems } from './item-page.read-model';

/**
 * How a field of the Item resource is stored and written: a UUID needs no JSON escaping, a
 * text does; an instant is written as isoTime writes it; `?` marks a field that may be null.
 */
export type ItemFieldKind = 'uuid' | 'uuid?' | 'text' | 'boolean' | 'instant' | 'instant?';

const field = <Name extends string, Value>(name: Name, column: string, kind: ItemFieldKind, value: (item: Item) => Value) => ({
  name,
  column,
  kind,
  value,
});

/**
 * The Item resource of API.md section 3, in its order: the one definition from which the
 * presenter builds the object (presentItem), the items page's SQL renders the JSON text and
 * the events outbox builds the item of item events (item-json.sql.ts). `column` is the
 * items table's column that holds the field.
 */
export const ITEM_FIELDS = [
  field('id', 'id', 'uuid', (item) => item.id),
  field('list_id', 'list_id', 'uuid', (item) => item.listId),
  field('text', 'text', 'text', (item) => item.text),
  field('completed', 'completed', 'boolean', (item) => item.completed),
  field('created_at', 'created_at', 'instant', (item) => isoTime(item.createdAt)),
  field('created_by', 'created_by', 'uuid', (item) => item.createdBy),
  field('completed_at', 'completed_at', 'instant?', (item) => isoTime(item.completedAt)),
  field('completed_by', 'completed_by', 'uuid?', (item) => item.completedBy),
] as const;

export type ItemField = (typeof ITEM_FIELDS)[number];

/** An item as clients read it. */
export type ItemResource = { [F in ItemField as F['name']]: ReturnType<F['value']> };

/** The Item resource of an item, in snake_case, its keys in ITEM_FIELDS' order. */
export function presentItem(item: Item): ItemResource {
  const shown: Record<string, unknown> = {};
  for (const { name, value } of ITEM_FIELDS) shown[name] = value(item);
  return shown as ItemResource;
}

/** Items rendered as a page renders them: the rendering every page store must match byte for byte. */
export const renderItems = (items: readonly Item[]): RenderedItems => ({
  json: JSON.stringify(items.map(presentItem)),
  count: items.length,
  lastSeq: items.at(-1)?.seq,
});
