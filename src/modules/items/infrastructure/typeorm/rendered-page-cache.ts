import { LRUCache } from 'lru-cache';
import type { ItemPage, PageRequest } from '../../application/item-page.read-model';

export interface CachedPage {
  /** lists.version when the page was rendered (int8, as pg hands it over: text). */
  version: string;
  page: ItemPage;
}

/** PAGE_CACHE_MB's default (src/config/app-config.ts), in bytes. */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The pages of items this instance rendered lately, each with the version of its list
 * (migration 1763801100000-list-versions.ts) read in the same snapshot. Before a kept page is
 * served, TypeOrmItemPageReadModel reads the list's current version: when it is the kept page's,
 * nothing in the list has changed since and PostgreSQL renders nothing; the page comes from
 * here. Whether the caller may see the list is decided by that statement every time, never by
 * the cache: a page is the same for everyone who may see it.
 *
 * Bounded by the size of the pages' JSON (least recently used first out); a list changed
 * since its page was cached simply misses, and the stale entry is replaced. A size of 0 keeps
 * nothing: every page is rendered.
 */
export class RenderedPageCache {
  private readonly pages: LRUCache<string, CachedPage> | undefined;

  constructor(maxBytes: number) {
    this.pages =
      maxBytes > 0
        ? new LRUCache<string, CachedPage>({
            maxSize: maxBytes,
            // JavaScript strings hold UTF-16: two bytes a character, plus a little for the entry.
            sizeCalculation: (entry) => 2 * entry.page.items.json.length + 64,
          })
        : undefined;
  }

  /**
   * The page kept for this list and request, with the version it was rendered at. The caller
   * holds on to what it got: an entry evicted or replaced meanwhile is still the page of its
   * version.
   */
  find(listId: string, request: PageRequest): CachedPage | undefined {
    return this.pages?.get(keyOf(listId, request));
  }

  set(listId: string, request: PageRequest, version: string, page: ItemPage): void {
    this.pages?.set(keyOf(listId, request), { version, page });
  }
}

/** One rendering per list, order, status, place and size (the cache keeps plain pages only: no other filter). */
const keyOf = (listId: string, { view, after, limit }: PageRequest): string =>
  `${listId} ${view.sort} ${view.filters.status} ${limit} ${after === undefined ? '' : JSON.stringify(after)}`;
