import type { Viewer } from '../../../common/auth/principal';
import type { AccessibleList } from '../../lists/domain/list-access';
import type { Item, ItemStatusFilter } from '../domain/item';

export interface PageRequest {
  /** Only items after this position (exclusive); from the start when absent. */
  afterSeq?: number;
  status: ItemStatusFilter;
  limit: number;
}

/**
 * A page's items as clients read them: the text of a JSON array of Item resources (API.md
 * section 3), oldest first. The store renders it where the rows are, so that a page of items
 * is never parsed into objects only to be serialised again (docs/performance.md); the read
 * model's contract holds every store to presentItem's rendering, byte for byte.
 */
export interface RenderedItems {
  /** `[...]`, exactly as `JSON.stringify(items.map(presentItem))` would write it. */
  json: string;
  count: number;
  /** The position of the last item of the page; undefined when the page is empty. */
  lastSeq: number | undefined;
}

export interface ItemPage {
  items: RenderedItems;
  /** Whether at least one more item of the status follows the page. */
  hasMore: boolean;
}

/** A page with the list it is of, as the caller sees it. */
export interface VisibleItemPage extends ItemPage {
  list: AccessibleList;
}

/**
 * Read model: pages of a list's items, ready-made as the JSON clients read. It answers the
 * hot read of the API with text rendered where the rows are, so it is a query of its own,
 * outside the domain's ItemRepository port (which speaks Item objects). The adapters are
 * TypeOrmItemPageReadModel (one statement, and pages kept per list version) and
 * InMemoryItemPageReadModel (over InMemoryItemRepository's items).
 */
export abstract class ItemPageReadModel {
  /**
   * A page of the list's items of a status, oldest first, by keyset on `seq`, for a list the
   * viewer can see (its owner or a member, among the lists its key reaches, as the lists
   * module's ListAccess.getVisible decides), with the list as it sees it; null when it cannot
   * see it or it does not exist.
   */
  abstract visiblePage(viewer: Viewer, listId: string, request: PageRequest): Promise<VisibleItemPage | null>;

  /**
   * One item of a list the viewer can see (as visiblePage decides), with the list as it sees
   * it; `item` null when the list has no item of that id; null when it cannot see the list or
   * it does not exist. One read in PostgreSQL.
   */
  abstract visibleItem(viewer: Viewer, listId: string, itemId: string): Promise<VisibleItem | null>;
}

/** An item with the list it is on, as the caller sees that list (visibleItem). */
export interface VisibleItem {
  list: AccessibleList;
  item: Item | null;
}
