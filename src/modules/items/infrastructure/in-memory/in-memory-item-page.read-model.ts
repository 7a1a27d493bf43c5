import type { Viewer } from '../../../../common/auth/principal';
import type { InMemoryListRows } from '../../../../common/in-memory/list-rows';
import { ItemPageReadModel, PageRequest, VisibleItem, VisibleItemPage } from '../../application/item-page.read-model';
import { renderItems } from '../../application/item-resource';
import { matchesStatus } from '../../domain/item';
import type { InMemoryItemRepository } from './in-memory-item.repository';

/** Pages of the items an InMemoryItemRepository holds, rendered as the PostgreSQL read model renders them. */
export class InMemoryItemPageReadModel extends ItemPageReadModel {
  constructor(
    private readonly lists: InMemoryListRows,
    private readonly items: InMemoryItemRepository,
  ) {
    super();
  }

  async visiblePage(viewer: Viewer, listId: string, request: PageRequest): Promise<VisibleItemPage | null> {
    const list = this.lists.seenBy(listId, viewer);
    if (!list) return null;
    const after = request.afterSeq ?? 0;
    const following = this.items.storedItems(listId).filter((item) => item.seq > after && matchesStatus(item, request.status));
    return { list: { ...list }, items: renderItems(following.slice(0, request.limit)), hasMore: following.length > request.limit };
  }

  async visibleItem(viewer: Viewer, listId: string, itemId: string): Promise<VisibleItem | null> {
    const list = this.lists.seenBy(listId, viewer);
    if (!list) return null;
    const item = this.items.storedItems(listId).find((stored) => stored.id === itemId);
    return { list: { ...list }, item: item ? { ...item } : null };
  }
}
