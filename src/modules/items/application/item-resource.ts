import { isoTime } from '../../../common/http/iso-time';
import type { Item } from '../domain/item';
import type { RenderedItems } from './item-page.read-model';

/**
 * How a field of the Item resource is stored and written: a UUID needs no JSON escaping, a
 * text does; an instant is written as isoTime writes it; `?` marks a field that may be null.
 * Every place that derives from ITEM_FIELDS handles each kind (an exhaustive switch), so a
 * field of an existing kind is one row below.
 */
export type ItemFieldKind = 'uuid' | 'uuid?' | 'text' | 'boolean' | 'integer' | 'integer?' | 'instant' | 'instant?';

/** The JSON value of each kind. */
interface KindValues {
  uuid: string;
  'uuid?': string | null;
  text: string;
  boolean: boolean;
  integer: number;
  'integer?': number | null;
  instant: string;
  'instant?': string | null;
}

/** The fields of an Item the store keeps (seq is the store's position, never shown). */
export type ItemProperty = Exclude<keyof Item, 'seq'>;

const field = <Name extends string, Kind extends ItemFieldKind>(
  name: Name,
  kind: Kind,
  property: ItemProperty,
  eventsColumn: string | null,
) => ({ name, kind, property, column: name, eventsColumn });

/**
 * The Item resource of API.md section 3, in its order: the one definition of the item's stored
 * and published shape. From it come the presenter (presentItem), the items table's row mapping
 * (item-row.ts), the JSON text the page renders and the item of item events
 * (persistence/item-json.sql.ts), the events outbox's item columns (the events module's
 * events.sql.ts) and the MCP tools' item schema (tool-schemas.ts); the OpenAPI class
 * (http/responses/item.response.ts) is checked against it (item-resource.spec.ts).
 *
 * - `name`: the JSON key, and the items table's column that holds the field;
 * - `property`: the domain Item's property;
 * - `eventsColumn`: the events table's array that holds the field of each item of an item
 *   statement's row (migration 1763801000000-event-batches.ts), or null for the row's own
 *   column of that name (the list's id, kept once per row).
 */
export const ITEM_FIELDS = [
  field('id', 'uuid', 'id', 'item_ids'),
  field('list_id', 'uuid', 'listId', null),
  field('text', 'text', 'text', 'item_texts'),
  field('completed', 'boolean', 'completed', 'item_completed'),
  field('created_at', 'instant', 'createdAt', 'item_created_at'),
  field('created_by', 'uuid', 'createdBy', 'item_created_by'),
  field('completed_at', 'instant?', 'completedAt', 'item_completed_at'),
  field('completed_by', 'uuid?', 'completedBy', 'item_completed_by'),
] as const;

export type ItemField = (typeof ITEM_FIELDS)[number];

/** An item as clients read it. */
export type ItemResource = { [F in ItemField as F['name']]: KindValues[F['kind']] };

/** Each field's JSON value of an item, built once per field: instants as isoTime writes them. */
const VALUES: ReadonlyArray<readonly [string, (item: Item) => unknown]> = ITEM_FIELDS.map(({ name, kind, property }) => {
  switch (kind) {
    case 'instant':
    case 'instant?':
      return [name, (item: Item) => isoTime(item[property] as Date | null)] as const;
    default:
      return [name, (item: Item) => item[property]] as const;
  }
});

/** The Item resource of an item, in snake_case, its keys in ITEM_FIELDS' order. */
export function presentItem(item: Item): ItemResource {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of VALUES) shown[name] = value(item);
  return shown as ItemResource;
}

/** Items rendered as a page renders them: the rendering every page store must match byte for byte. */
export const renderItems = (items: readonly Item[]): RenderedItems => ({
  json: JSON.stringify(items.map(presentItem)),
  count: items.length,
  lastSeq: items.at(-1)?.seq,
});
