import type { Viewer } from '../../../../common/auth/principal';
import { reachesList } from '../../../../common/auth/reach';
import { foldKey } from '../../../../common/text/fold-key';
import type { InMemoryListRows, ListCounters, ListSeen } from '../../../../common/in-memory/list-rows';
import type { InvitationProps } from '../../domain/invitation';
import { List, type ListProps } from '../../domain/list';
import type { ListRole } from '../../domain/list-access';
import { Membership, type MembershipProps } from '../../domain/membership';
import type { ShareProps } from '../../domain/share';

/**
 * The rows of the in-memory adapters, shared by them so that deleting a list cascades to
 * its members, invitations and shares as the database's foreign keys do. The items
 * module's in-memory store is built on it too (as InMemoryListRows), as items live in the
 * same database as lists: it moves these rows' item counters and forgets a deleted list's items.
 */
export class InMemoryListsStore implements InMemoryListRows {
  readonly lists = new Map<string, ListProps>();
  /** Keyed by `${listId}/${userId}`. */
  readonly members = new Map<string, MembershipProps>();
  readonly invitations = new Map<string, InvitationProps>();
  readonly shares = new Map<string, ShareProps>();
  private readonly deletionListeners: ((listId: string) => void)[] = [];

  static memberKey(listId: string, userId: string): string {
    return `${listId}/${userId}`;
  }

  deleteList(id: string): void {
    this.lists.delete(id);
    for (const [key, member] of this.members) if (member.listId === id) this.members.delete(key);
    for (const [key, invitation] of this.invitations) if (invitation.listId === id) this.invitations.delete(key);
    for (const [key, share] of this.shares) if (share.listId === id) this.shares.delete(key);
    for (const listener of this.deletionListeners) listener(id);
  }

  /**
   * The viewer's role on the list of these props (owner, or a member's role), or null when it
   * cannot see the list: the one visibility rule of the in-memory stores, as visibleListsSql
   * is PostgreSQL's (a list-restricted key sees only the lists it names, reachesList).
   */
  roleOf(props: ListProps, viewer: Viewer): ListRole | null {
    if (!reachesList(viewer, props.id)) return null;
    const membership = this.members.get(InMemoryListsStore.memberKey(props.id, viewer.userId));
    return List.restore(props).roleOf(viewer.userId, membership ? Membership.restore(membership) : null);
  }

  seenBy(listId: string, viewer: Viewer): ListSeen | undefined {
    const props = this.lists.get(listId);
    const role = props && this.roleOf(props, viewer);
    return props && role ? { id: props.id, name: props.name, role } : undefined;
  }

  mightMean(viewer: Viewer, id: string | null, name: string, limit: number): ListSeen[] {
    const key = foldKey(name);
    const rank = (seen: ListSeen) => (seen.id === id ? 0 : seen.role === 'owner' ? 1 : 2);
    return [...this.lists.values()]
      .filter((props) => props.id === id || foldKey(props.name) === key)
      .sort(byCreation)
      .flatMap((props) => this.seenBy(props.id, viewer) ?? [])
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, limit);
  }

  counters(listId: string): ListCounters | undefined {
    const props = this.lists.get(listId);
    return props && { itemCount: props.itemCount, openItemCount: props.openItemCount, updatedAt: props.updatedAt };
  }

  moveCounters(listId: string, items: number, open: number, at: Date): boolean {
    const props = this.lists.get(listId);
    if (!props) return false;
    this.lists.set(listId, {
      ...props,
      itemCount: props.itemCount + items,
      openItemCount: props.openItemCount + open,
      updatedAt: at,
    });
    return true;
  }

  onListDeleted(listener: (listId: string) => void): void {
    this.deletionListeners.push(listener);
  }
}

/** Oldest first, ties broken by id: the order every listing uses. */
export const byCreation = <T extends { createdAt: Date; id: string }>(a: T, b: T): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
