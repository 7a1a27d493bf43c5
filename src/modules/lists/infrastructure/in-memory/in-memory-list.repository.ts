import type { Viewer } from '../../../../common/auth/principal';
import { List, ListProps, VisibleList } from '../../domain/list';
import { foldKey } from '../../../../common/text/fold-key';
import { ListPageKey, ListRepository } from '../../domain/list.repository';
import { AlreadyMember, DuplicateListName } from '../../domain/lists.errors';
import { Membership } from '../../domain/membership';
import { byCreation, InMemoryListsStore } from './in-memory-lists.store';

/**
 * Lists in memory. Locks are no-ops: InMemoryUnitOfWork already runs units one at a time.
 * Ids are compared as given (the services hand over lower-case UUIDs, as PostgreSQL does).
 */
export class InMemoryListRepository extends ListRepository {
  constructor(readonly store = new InMemoryListsStore()) {
    super();
  }

  async insert(list: List): Promise<void> {
    const props = list.toProps();
    this.assertNameFree(props);
    this.store.lists.set(props.id, props);
  }

  async findById(id: string): Promise<List | null> {
    const props = this.store.lists.get(id);
    return props ? List.restore(props) : null;
  }

  async findByIds(ids: readonly string[]): Promise<List[]> {
    return [...new Set(ids)].flatMap((id) => {
      const props = this.store.lists.get(id);
      return props ? [List.restore(props)] : [];
    });
  }

  async saveName(list: List): Promise<List | null> {
    const { id, name, updatedAt } = list.toProps();
    const stored = this.store.lists.get(id);
    if (!stored) return null;
    this.assertNameFree({ ...stored, name });
    const next = { ...stored, name, updatedAt };
    this.store.lists.set(id, next);
    return List.restore(next);
  }

  async delete(id: string): Promise<void> {
    this.store.deleteList(id);
  }

  async deleteMany(ids: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const id of new Set(ids)) {
      if (!this.store.lists.has(id)) continue;
      this.store.deleteList(id);
      deleted += 1;
    }
    return deleted;
  }

  async countOwnedBy(ownerId: string): Promise<number> {
    return this.owned(ownerId).length;
  }

  async lockOwner(): Promise<void> {}

  async lockList(id: string): Promise<List | null> {
    return this.findById(id);
  }

  async findVisible(viewer: Viewer, listId: string): Promise<VisibleList | null> {
    const props = this.store.lists.get(listId);
    return props ? this.asSeenBy(viewer, props) : null;
  }

  async pageVisible(viewer: Viewer, after: ListPageKey | null, limit: number): Promise<VisibleList[]> {
    return this.visibleTo(viewer)
      .filter((view) => !after || byCreation(view.list, after) > 0)
      .slice(0, limit);
  }

  async findVisibleByIdOrName(viewer: Viewer, id: string | null, name: string, limit: number): Promise<VisibleList[]> {
    return this.store.mightMean(viewer, id, name, limit).flatMap((seen) => {
      const props = this.store.lists.get(seen.id);
      return (props && this.asSeenBy(viewer, props)) ?? [];
    });
  }

  async findMember(listId: string, userId: string): Promise<Membership | null> {
    const props = this.store.members.get(InMemoryListsStore.memberKey(listId, userId));
    return props ? Membership.restore(props) : null;
  }

  async listMembers(listId: string): Promise<Membership[]> {
    return this.membersOf(listId)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.userId < b.userId ? -1 : 1))
      .map((props) => Membership.restore(props));
  }

  async countMembers(listId: string): Promise<number> {
    return this.membersOf(listId).length;
  }

  async insertMember(membership: Membership): Promise<void> {
    const props = membership.toProps();
    const key = InMemoryListsStore.memberKey(props.listId, props.userId);
    if (this.store.members.has(key)) throw new AlreadyMember('you');
    if (!this.store.lists.has(props.listId)) throw new Error(`no list ${props.listId} (foreign key)`);
    this.store.members.set(key, props);
  }

  async saveMemberRole(membership: Membership): Promise<boolean> {
    const { listId, userId, role } = membership.toProps();
    const key = InMemoryListsStore.memberKey(listId, userId);
    const stored = this.store.members.get(key);
    if (!stored) return false;
    this.store.members.set(key, { ...stored, role });
    return true;
  }

  async deleteMember(listId: string, userId: string): Promise<boolean> {
    return this.store.members.delete(InMemoryListsStore.memberKey(listId, userId));
  }

  private owned(ownerId: string): ListProps[] {
    return [...this.store.lists.values()].filter((props) => props.ownerId === ownerId);
  }

  private membersOf(listId: string) {
    return [...this.store.members.values()].filter((props) => props.listId === listId);
  }

  private asSeenBy(viewer: Viewer, props: ListProps): VisibleList | null {
    const role = this.store.roleOf(props, viewer);
    return role ? new VisibleList(List.restore(props), role, viewer.userId) : null;
  }

  private visibleTo(viewer: Viewer): VisibleList[] {
    return [...this.store.lists.values()].flatMap((props) => this.asSeenBy(viewer, props) ?? []).sort((a, b) => byCreation(a.list, b.list));
  }

  private assertNameFree(candidate: ListProps): void {
    const key = foldKey(candidate.name);
    const taken = this.owned(candidate.ownerId).some((props) => props.id !== candidate.id && foldKey(props.name) === key);
    if (taken) throw new DuplicateListName();
  }
}
