import type { Item } from '../domain/item';
import type { RenderedItems } from '../domain/item.repository';
import type { ItemsPage, ItemsResult } from '../domain/items.service';
import { isoTime } from '../../../common/http/iso-time';
import { JsonText } from '../../../common/http/json-text';

/** The Item resource of API.md section 3, in snake_case. */
export const presentItem = (item: Item) => ({
  id: item.id,
  list_id: item.listId,
  text: item.text,
  completed: item.completed,
  created_at: isoTime(item.createdAt),
  created_by: item.createdBy,
  completed_at: isoTime(item.completedAt),
  completed_by: item.completedBy,
});

export const presentItems = (result: ItemsResult) => ({
  list: { id: result.list.id, name: result.list.name },
  items: result.items.map(presentItem),
});

/**
 * The rendering every store's page must match byte for byte (the repository contract checks
 * PostgreSQL's against it): the in-memory store renders with it.
 */
export const renderItems = (items: readonly Item[]): RenderedItems => ({
  json: JSON.stringify(items.map(presentItem)),
  count: items.length,
  lastSeq: items.at(-1)?.seq,
});

/**
 * A page as the API shows it: `{list, items, next_cursor}`, with the items the store
 * rendered put in as they are. The same bytes as JSON.stringify of the page as objects.
 */
export const presentPage = (page: ItemsPage): JsonText =>
  new JsonText(
    `{"list":${JSON.stringify({ id: page.list.id, name: page.list.name })},"items":${page.items.json},"next_cursor":${JSON.stringify(page.nextCursor)}}`,
  );
