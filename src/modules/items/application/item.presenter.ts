import type { FoundItemsPage, ItemsPage } from './item-pages';
import { presentItem, renderItems } from './item-resource';
import type { ItemsResult } from '../domain/items.service';
import { JsonText } from '../../../common/http/json-text';

/** The Item resource of API.md section 3 (application/item-resource.ts, its one definition). */
export { presentItem, renderItems };

export const presentItems = (result: ItemsResult) => ({
  list: { id: result.list.id, name: result.list.name },
  items: result.items.map(presentItem),
});

/**
 * A page as the API shows it: `{list, items, next_cursor}`, with the items the store
 * rendered put in as they are. The same bytes as JSON.stringify of the page as objects.
 */
export const presentPage = (page: ItemsPage): JsonText =>
  new JsonText(
    `{"list":${JSON.stringify({ id: page.list.id, name: page.list.name })},"items":${page.items.json},"next_cursor":${JSON.stringify(page.nextCursor)}}`,
  );

/** A page of GET /v1/items: `{items, lists, next_cursor}`, the items as the store rendered them. */
export const presentFound = (page: FoundItemsPage): JsonText =>
  new JsonText(`{"items":${page.items.json},"lists":${JSON.stringify(page.lists)},"next_cursor":${JSON.stringify(page.nextCursor)}}`);
