import type { Viewer } from '../../../common/auth/principal';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { CursorCodec, cursorField } from '../../../common/ports/cursor-codec';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { pathId } from '../../lists/domain/visibility';
import type { ItemStatusFilter } from '../domain/item';
import { CursorOfAnotherList } from '../domain/items.errors';
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
}
