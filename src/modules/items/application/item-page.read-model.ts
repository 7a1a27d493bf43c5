import type { Viewer } from '../../../common/auth/principal';
import type { AccessibleList } from '../../lists/domain/list-access';
import type { ItemView, SortKey } from '../domain/item-view';

/** A page of a view (domain/item-view.ts): its filters and order, where it starts, its size. */
export interface PageRequest {
  view: ItemView;
  /** Only items after this place in the view's order (exclusive); from the start when absent. */
  after?: SortKey;
  limit: number;
}

/** A page of GET /v1/items: a view over every list the viewer sees, or over `listIds` among them. */
export interface FindRequest extends PageRequest {
  listIds: readonly string[] | null;
}

/**
 * A page's items as clients read them: the text of a JSON array of Item resources (API.md
 * section 3), in the page's order. The store renders it where the rows are, so that a page of items
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
  /** Whether at least one more item of the view follows the page. */
  hasMore: boolean;
  /** The last item's place in the view's order (a next cursor's); undefined when the page is empty. */
  lastKey: SortKey | undefined;
}

/**
 * A page with the list it is of, as the caller sees it, and the list's version: a text that
 * changes with every change to the list's items (and its name), the page's ETag.
 */
export interface VisibleItemPage extends ItemPage {
  list: AccessibleList;
  version: string;
  /** True when the list is still at the version the caller knew: the page was neither read nor rendered (empty). */
  unchanged: boolean;
}

/** A page of GET /v1/items, with the lists of its items (id and name), in the order they first appear. */
export interface FoundItems extends ItemPage {
  lists: ReadonlyArray<{ id: string; name: string }>;
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
   * A page of the view of the list's items, by keyset on the view's order, for a list the
   * viewer can see (its owner or a member, among the lists its key reaches, as the lists
   * module's ListAccess.getVisible decides), with the list as it sees it; null when it cannot
   * see it or it does not exist. With `knownVersion`, a list still at that version answers
   * `unchanged` and no items.
   */
  abstract visiblePage(viewer: Viewer, listId: string, request: PageRequest, knownVersion?: string): Promise<VisibleItemPage | null>;

  /**
   * A page of the view over every list the viewer can see (or those of `listIds`), by keyset on
   * the view's order; null when one of `listIds` is not a list it can see.
   */
  abstract foundItems(viewer: Viewer, request: FindRequest): Promise<FoundItems | null>;
}
