import { isoTime } from '../../../common/http/iso-time';
import type { Due } from '../domain/due';
import type { Item, ItemAssignee, ItemPriority } from '../domain/item';
import type { RenderedItems } from './item-page.read-model';

/**
 * How a field of the Item resource is stored and written: a UUID needs no JSON escaping, a
 * text does; an instant is written as isoTime writes it; `?` marks a field that may be null.
 * Every place that derives from ITEM_FIELDS handles each kind (an exhaustive switch), so a
 * field of an existing kind is one row below.
 *
 * Kinds of one field each: `due?` (the columns `<column>_date`, `_time`, `_time_zone`,
 * `_recurrence`, `_at`, and `_series_start`, never shown), `priority` (a smallint, the index
 * in ITEM_PRIORITIES, shown by name), `labels` (a text[]) and `assignee?` (a user id, shown as
 * the user's `{id, username, name}` read from the users table when the item is read).
 */
export type ItemFieldKind =
  'uuid' | 'uuid?' | 'text' | 'boolean' | 'integer' | 'integer?' | 'instant' | 'instant?' | 'due?' | 'priority' | 'labels' | 'assignee?';

/** The JSON of a due (API.md section 13): `at` as isoTime writes it; the series start is never shown. */
export interface DueResource {
  date: string;
  time: string | null;
  time_zone: string | null;
  recurrence: string | null;
  at: string | null;
}

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
  'due?': DueResource | null;
  priority: ItemPriority;
  labels: string[];
  'assignee?': ItemAssignee | null;
}

/** The fields of an Item the store keeps (seq is the store's position, never shown). */
export type ItemProperty = Exclude<keyof Item, 'seq'>;

const field = <Name extends string, Kind extends ItemFieldKind>(
  name: Name,
  kind: Kind,
  property: ItemProperty,
  eventsColumn: string | null,
  column: string = name,
) => ({ name, kind, property, column, eventsColumn });

/**
 * The Item resource of API.md section 3, in its order: the one definition of the item's stored
 * and published shape. From it come the presenter (presentItem), the items table's row mapping
 * (item-row.ts), the JSON text the page renders and the item of item events
 * (persistence/item-json.sql.ts), the events outbox's item columns (the events module's
 * events.sql.ts) and the MCP tools' item schema (tool-schemas.ts); the OpenAPI class
 * (http/responses/item.response.ts) is checked against it (item-resource.spec.ts).
 *
 * - `name`: the JSON key;
 * - `property`: the domain Item's property;
 * - `eventsColumn`: the events table's array that holds the field of each item of an item
 *   statement's row (migrations 1763801000000-event-batches.ts and
 *   1763801500000-item-fields.ts), or null for the row's own column of that name (the list's
 *   id, kept once per row); a field whose JSON is an object or an array keeps it as json;
 * - `column`: the items table's column that holds the field (the JSON key unless said), or
 *   for a due the prefix of its columns.
 */
export const ITEM_FIELDS = [
  field('id', 'uuid', 'id', 'item_ids'),
  field('list_id', 'uuid', 'listId', null),
  field('text', 'text', 'text', 'item_texts'),
  field('notes', 'text', 'notes', 'item_notes'),
  field('completed', 'boolean', 'completed', 'item_completed'),
  field('created_at', 'instant', 'createdAt', 'item_created_at'),
  field('created_by', 'uuid', 'createdBy', 'item_created_by'),
  field('completed_at', 'instant?', 'completedAt', 'item_completed_at'),
  field('completed_by', 'uuid?', 'completedBy', 'item_completed_by'),
  field('due', 'due?', 'due', 'item_due'),
  field('priority', 'priority', 'priority', 'item_priority'),
  field('labels', 'labels', 'labels', 'item_labels'),
  field('assignee', 'assignee?', 'assignee', 'item_assignee', 'assignee_id'),
  field('position', 'text', 'position', 'item_position'),
  field('updated_at', 'instant', 'updatedAt', 'item_updated_at'),
  field('version', 'integer', 'version', 'item_version'),
] as const;

export type ItemField = (typeof ITEM_FIELDS)[number];

/** An item as clients read it. */
export type ItemResource = { [F in ItemField as F['name']]: KindValues[F['kind']] };

/** A due as its JSON shows it (the series start stays inside). */
export const presentDue = (due: Due | null): DueResource | null =>
  due && { date: due.date, time: due.time, time_zone: due.timeZone, recurrence: due.recurrence, at: isoTime(due.at) };

/** Each field's JSON value of an item, built once per field: instants as isoTime writes them. */
const VALUES: ReadonlyArray<readonly [string, (item: Item) => unknown]> = ITEM_FIELDS.map(({ name, kind, property }) => {
  const kindOf = kind as ItemFieldKind;
  switch (kindOf) {
    case 'instant':
    case 'instant?':
      return [name, (item: Item) => isoTime(item[property] as Date | null)] as const;
    case 'due?':
      return [name, (item: Item) => presentDue(item[property] as Due | null)] as const;
    case 'assignee?':
      // A copy in the key order the SQL renderings write: id, username, name.
      return [
        name,
        (item: Item) => {
          const user = item[property] as ItemAssignee | null;
          return user && { id: user.id, username: user.username, name: user.name };
        },
      ] as const;
    case 'labels':
      return [name, (item: Item) => [...(item[property] as string[])]] as const;
    case 'uuid':
    case 'uuid?':
    case 'text':
    case 'boolean':
    case 'integer':
    case 'integer?':
    case 'priority':
      return [name, (item: Item) => item[property]] as const;
    default:
      throw new Error(`no presentation for the item field kind ${String(kindOf satisfies never)}`);
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
