import type { Item } from '../domain/item';
import type { ItemsPage, ItemsResult } from '../domain/items.service';
import { isoTime } from '../../../common/http/iso-time';

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

export const presentPage = (page: ItemsPage) => ({ ...presentItems(page), next_cursor: page.nextCursor });
