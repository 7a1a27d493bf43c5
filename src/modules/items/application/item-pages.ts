import type { Viewer } from '../../../common/auth/principal';
import { InvalidInput } from '../../../common/errors/domain-error';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { CursorCodec, cursorField, type CursorField } from '../../../common/ports/cursor-codec';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { pathId } from '../../lists/domain/visibility';
import { hasViewFilters, isSortKey, type ItemSort, type SortKey } from '../domain/item-view';
import type { Item } from '../domain/item';
import { CursorOfAnotherList, ItemNotFound } from '../domain/items.errors';
import type { ListRef } from '../domain/items.service';
import { ItemPageReadModel, RenderedItems } from './item-page.read-model';
import { ITEM_FIELDS } from './item-resource';
import { isCanonical, namesViewParameters, readView, sameCanonical, type ReadView, type ViewParameters } from './item-view-query';

export interface ItemsPage {
  list: ListRef;
  items: RenderedItems;
  nextCursor: string | null;
  /**
   * The page's ETag when it is a plain page (no filter of section 13's; any status, order, size
   * or cursor): it changes with every change to the list's items. Null for a filtered page.
   */
  etag: string | null;
  /** True when the caller's If-None-Match names the current ETag: answer 304, `items` is empty. */
  notModified: boolean;
}

/** A page of GET /v1/items. */
export interface FoundItemsPage {
  items: RenderedItems;
  lists: ReadonlyArray<{ id: string; name: string }>;
  nextCursor: string | null;
}

/** A page query of either route: the limit, the cursor and the view's parameters (the DTOs). */
export interface PageQuery extends ViewParameters {
  limit?: number;
  cursor?: string;
}

const anyKey = ((value) => Array.isArray(value)) as CursorField<unknown[]>;
const canonicalField = isCanonical as CursorField<Record<string, string>>;
/** A list page's cursor: the list, the view it was issued for (canonical), and the last item's key. */
const LIST_CURSOR = { l: cursorField.text, f: canonicalField, k: anyKey };
/** A GET /v1/items cursor: the view (with its list_id) and the last item's key. */
const FIND_CURSOR = { f: canonicalField, k: anyKey };

const OTHER_VIEW = () =>
  new InvalidInput(
    'CURSOR_VIEW_MISMATCH',
    'cursor was issued for other filters or another order: send the same ones as the request that got it, or none',
  );

/**
 * The revision of the Item resource's shape: a hash of ITEM_FIELDS' names and kinds (FNV-1a),
 * which changes when a release adds, removes or retypes a field.
 */
export const ITEM_RESOURCE_REVISION: string = (() => {
  let hash = 0x811c9dc5;
  for (const char of ITEM_FIELDS.map((field) => `${field.name}:${field.kind}`).join(',')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
})();

/**
 * An ETag of a plain page: the list's version (lists.version, which every statement that changes
 * the list's items moves) and the revision of the Item resource's shape, so that a release that
 * adds a field never answers 304 to a copy without it.
 */
export const pageEtag = (version: string): string => `"${version}.${ITEM_RESOURCE_REVISION}"`;

/** The list version an If-None-Match names among this revision's page ETags, if any (the first). */
export function knownPageVersion(ifNoneMatch: string | undefined): string | undefined {
  if (ifNoneMatch === undefined) return undefined;
  const suffix = `.${ITEM_RESOURCE_REVISION}"`;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag.startsWith('"') && tag.endsWith(suffix)) {
      const version = tag.slice(1, -suffix.length);
      if (/^[0-9]{1,20}$/.test(version)) return version;
    }
  }
  return undefined;
}

/** An id no item has: a malformed item id still asks whether the list is visible (its 404 is the list's). */
const NO_ITEM = '00000000-0000-0000-0000-000000000000';

/**
 * The paged reads of items (API.md sections 6 and 13): a list's page and GET /v1/items, over
 * the ItemPageReadModel. A cursor carries the view it was issued for: a request with a cursor
 * sends the same view's parameters or none (then the cursor's apply); anything else is a 400.
 */
export class ItemPages {
  constructor(
    private readonly pages: ItemPageReadModel,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * The list's visibility and the page are one read model call (one statement in
   * PostgreSQL). A cursor of another list is refused after the visibility check: a list the
   * caller cannot see is a 404 whatever the cursor. `ifNoneMatch` is the request's header.
   */
  async page(viewer: Viewer, listId: string, query: PageQuery, ifNoneMatch?: string): Promise<ItemsPage> {
    const cursor = query.cursor === undefined ? undefined : this.cursors.decode('items', query.cursor, LIST_CURSOR);
    const read = this.viewOf(viewer, query, cursor, 'position');
    const after = cursor && this.keyOf(read.view.sort, cursor.k);
    const id = pathId(listId);
    const plain = !hasViewFilters(read.view.filters);
    const known = plain ? knownPageVersion(ifNoneMatch) : undefined;
    const page =
      id && (await this.pages.visiblePage(viewer, id, { view: read.view, after, limit: query.limit ?? PAGE_LIMIT.default }, known));
    if (!page) throw new ListNotFound();
    const { list } = page;
    if (cursor && cursor.l !== list.id) throw new CursorOfAnotherList();
    const etag = plain ? pageEtag(page.version) : null;
    return {
      list: { id: list.id, name: list.name },
      items: page.items,
      nextCursor:
        page.hasMore && page.lastKey !== undefined
          ? this.cursors.encode('items', { l: list.id, f: read.canonical, k: page.lastKey })
          : null,
      etag,
      notModified: page.unchanged || (etag !== null && ifNoneMatch !== undefined && ifNoneMatch.trim() === '*'),
    };
  }

  /** GET /v1/items: the view over every list the viewer sees, or over those `list_id` names (one it cannot see: 404). */
  async find(viewer: Viewer, query: PageQuery): Promise<FoundItemsPage> {
    const cursor = query.cursor === undefined ? undefined : this.cursors.decode('items-found', query.cursor, FIND_CURSOR);
    const read = this.viewOf(viewer, query, cursor, 'due');
    const after = cursor && this.keyOf(read.view.sort, cursor.k);
    const found = await this.pages.foundItems(viewer, {
      view: read.view,
      after,
      limit: query.limit ?? PAGE_LIMIT.default,
      listIds: read.listIds,
    });
    if (!found) throw new ListNotFound();
    return {
      items: found.items,
      lists: found.lists,
      nextCursor:
        found.hasMore && found.lastKey !== undefined ? this.cursors.encode('items-found', { f: read.canonical, k: found.lastKey }) : null,
    };
  }

  /** The request's view, or the cursor's when the request names none; a cursor of another view is a 400. */
  private viewOf(viewer: Viewer, query: PageQuery, cursor: { f: Record<string, string> } | undefined, defaultSort: ItemSort): ReadView {
    if (!cursor) return readView(query, viewer.userId, defaultSort);
    const issued = readView(cursor.f, viewer.userId, defaultSort, { trusted: true });
    if (namesViewParameters(query) && !sameCanonical(readView(query, viewer.userId, defaultSort).canonical, issued.canonical)) {
      throw OTHER_VIEW();
    }
    return issued;
  }

  /** A cursor's key, checked against its view's order (a cursor this service issued always passes). */
  private keyOf(sort: ItemSort, key: unknown[]): SortKey {
    if (!isSortKey(sort, key)) throw new InvalidInput('INVALID_CURSOR', 'cursor is invalid: pass back a next_cursor value unchanged');
    return key;
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
