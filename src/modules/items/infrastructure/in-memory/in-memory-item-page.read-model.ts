import type { Viewer } from '../../../../common/auth/principal';
import type { InMemoryListRows } from '../../../../common/in-memory/list-rows';
import { foldKey } from '../../../../common/text/fold-key';
import {
  FindRequest,
  FoundItems,
  ItemPage,
  ItemPageReadModel,
  PageRequest,
  VisibleItemPage,
} from '../../application/item-page.read-model';
import { presentItem, renderItems } from '../../application/item-resource';
import type { Item } from '../../domain/item';
import { sortKeyOf, viewPage } from '../../domain/item-view';
import type { InMemoryItemRepository } from './in-memory-item.repository';

/** A page of a view over `items`, rendered as the PostgreSQL read model renders it. */
function pageOver(items: readonly Item[], request: PageRequest): ItemPage & { shown: Item[] } {
  const { items: shown, hasMore } = viewPage(items, request.view, request.after, request.limit, foldKey);
  const last = shown.at(-1);
  return { items: renderItems(shown), hasMore, lastKey: last && sortKeyOf(last, request.view.sort), shown };
}

/**
 * The list's version in memory: a hash (FNV-1a, as decimal digits) of its name and of every
 * item as clients read it, so that it changes with any change to them, as lists.version does.
 */
function versionOf(name: string, items: readonly Item[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([name, items.map(presentItem)])) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(hash);
}

/** Pages of the items an InMemoryItemRepository holds, rendered as the PostgreSQL read model renders them. */
export class InMemoryItemPageReadModel extends ItemPageReadModel {
  constructor(
    private readonly lists: InMemoryListRows,
    private readonly items: InMemoryItemRepository,
  ) {
    super();
  }

  async visiblePage(viewer: Viewer, listId: string, request: PageRequest, knownVersion?: string): Promise<VisibleItemPage | null> {
    const list = this.lists.seenBy(listId, viewer);
    if (!list) return null;
    const stored = this.items.storedItems(listId);
    const version = versionOf(list.name, stored);
    if (version === knownVersion) {
      return { list: { ...list }, version, unchanged: true, items: renderItems([]), hasMore: false, lastKey: undefined };
    }
    const { shown: _shown, ...page } = pageOver(stored, request);
    return { list: { ...list }, version, unchanged: false, ...page };
  }

  async foundItems(viewer: Viewer, request: FindRequest): Promise<FoundItems | null> {
    if (request.listIds && !request.listIds.every((id) => this.lists.seenBy(id, viewer))) return null;
    const ids = request.listIds ?? this.items.storedListIds();
    const names = new Map<string, string>();
    for (const id of ids) {
      const list = this.lists.seenBy(id, viewer);
      if (list) names.set(id, list.name);
    }
    const { shown, ...page } = pageOver(
      [...names.keys()].flatMap((id) => this.items.storedItems(id)),
      request,
    );
    const lists = [...new Set(shown.map((item) => item.listId))].map((id) => ({ id, name: names.get(id)! }));
    return { ...page, lists };
  }
}
