import { isUsableShare, Share } from '../../domain/share';
import { ShareRepository } from '../../domain/share.repository';
import { byCreation, InMemoryListsStore } from './in-memory-lists.store';

export class InMemoryShareRepository extends ShareRepository {
  constructor(readonly store = new InMemoryListsStore()) {
    super();
  }

  async insert(share: Share): Promise<void> {
    const props = share.toProps();
    if (!this.store.lists.has(props.listId)) throw new Error(`no list ${props.listId} (foreign key)`);
    this.store.shares.set(props.id, props);
  }

  async findById(id: string): Promise<Share | null> {
    const props = this.store.shares.get(id);
    return props ? Share.restore(props) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<Share | null> {
    const props = [...this.store.shares.values()].find((share) => share.tokenHash === tokenHash);
    return props ? Share.restore(props) : null;
  }

  async listByList(listId: string): Promise<Share[]> {
    return [...this.store.shares.values()]
      .filter((share) => share.listId === listId)
      .sort(byCreation)
      .map((props) => Share.restore(props));
  }

  async countUsable(listId: string, now: Date): Promise<number> {
    return [...this.store.shares.values()].filter((share) => share.listId === listId && isUsableShare(share, now)).length;
  }

  async deleteUnusableBeyond(listId: string, now: Date, keep: number): Promise<number> {
    const unusable = [...this.store.shares.values()]
      .filter((share) => share.listId === listId && !isUsableShare(share, now))
      .sort(byCreation)
      .reverse();
    for (const share of unusable.slice(keep)) this.store.shares.delete(share.id);
    return Math.max(0, unusable.length - keep);
  }

  async save(share: Share): Promise<void> {
    const { id, revokedAt } = share.toProps();
    const stored = this.store.shares.get(id);
    if (stored) this.store.shares.set(id, { ...stored, revokedAt });
  }
}
