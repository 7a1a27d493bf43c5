import type { Viewer } from '../../../common/auth/principal';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { CursorCodec, cursorField } from '../../../common/ports/cursor-codec';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { pathId } from '../../lists/domain/visibility';
import type { Item, ItemStatusFilter } from '../domain/item';
import { CursorOfAnotherList, ItemNotFound } from '../domain/items.errors';
import type { ListRef } from '../domain/items.service';
import { ItemPageReadModel, RenderedItems } from './item-page.read-model';

export interface ItemsPage {
  list: ListRef;
  items: RenderedItems;
  nextCursor: string | null;
}

export interface PageQuery {
  limit?: number;
  cursor?: string;
  status?: ItemStatusFilter;
}

const CURSOR_SHAPE = { l: cursorField.text, s: cursorField.count };

/** An id no item has: a malformed item id still asks whether the list is visible (its 404 is the list's). */
const NO_ITEM = '00000000-0000-0000-0000-000000000000';

/** The paged read of a list's items (API.md section 6), over the ItemPageReadModel. */
export class ItemPages {
  constructor(
    private readonly pages: ItemPageReadModel,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * The list's visibility and the page are one read model call (one statement in
   * PostgreSQL). A cursor of another list is refused after the visibility check: a list the
   * caller cannot see is a 404 whatever the cursor.
   */
  async page(viewer: Viewer, listId: string, query: PageQuery): Promise<ItemsPage> {
    const cursor = query.cursor === undefined ? undefined : this.cursors.decode('items', query.cursor, CURSOR_SHAPE);
    const id = pathId(listId);
    const page =
      id &&
      (await this.pages.visiblePage(viewer, id, {
        afterSeq: cursor?.s,
        status: query.status ?? 'all',
        limit: query.limit ?? PAGE_LIMIT.default,
      }));
    if (!page) throw new ListNotFound();
    const { list } = page;
    if (cursor && cursor.l !== list.id) throw new CursorOfAnotherList();
    const last = page.items.lastSeq;
    return {
      list: { id: list.id, name: list.name },
      items: page.items,
      nextCursor: page.hasMore && last !== undefined ? this.cursors.encode('items', { l: list.id, s: last }) : null,
    };
  }

  /**
   * One item of a list the viewer can see (API.md section 13, GET of one item): a list it
   * cannot see is a 404, and so is an item that is not on that list, or a malformed id.
   */
  async item(viewer: Viewer, listId: string, itemId: string): Promise<Item> {
    const id = pathId(listId);
    const found = id && (await this.pages.visibleItem(viewer, id, pathId(itemId) ?? NO_ITEM));
    if (!found) throw new ListNotFound();
    if (!found.item) throw new ItemNotFound();
    return found.item;
  }
}
