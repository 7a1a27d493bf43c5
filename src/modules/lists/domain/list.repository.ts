import type { Viewer } from '../../../common/auth/principal';
import type { KeysetPosition } from '../../../common/paging/cursor';
import type { List, VisibleList } from './list';
import type { Membership } from './membership';

/** Where a page of a caller's lists starts: after this list, in (created_at, id) order. */
export type ListPageKey = KeysetPosition;

/**
 * Port: lists and their memberships (one store, since visibility joins the two).
 * Ids handed to it are well-formed UUIDs; callers check that first.
 */
export abstract class ListRepository {
  /** Throws DuplicateListName when the owner already has a list of that name (case-insensitively). */
  abstract insert(list: List): Promise<void>;
  abstract findById(id: string): Promise<List | null>;
  abstract findByIds(ids: readonly string[]): Promise<List[]>;
  /**
   * Writes the name and updated_at only (the item counts belong to the items module) and
   * returns the list as stored, or null when it no longer exists. Throws DuplicateListName.
   */
  abstract saveName(list: List): Promise<List | null>;
  /** Deletes the list with everything that hangs off it (members, invitations, shares, items). */
  abstract delete(id: string): Promise<void>;
  /** Deletes these lists as `delete` does, in one statement; returns how many existed. */
  abstract deleteMany(ids: readonly string[]): Promise<number>;
  abstract countOwnedBy(ownerId: string): Promise<number>;

  /**
   * Inside a unit of work: makes every other unit that locks the same owner wait until
   * this one ends, so counting the owner's lists and inserting cannot be overtaken.
   */
  abstract lockOwner(ownerId: string): Promise<void>;
  /**
   * Inside a unit of work: the same for one list (member and invitation limits, invitation
   * transitions). Returns the list, or null when it does not exist (any more).
   */
  abstract lockList(id: string): Promise<List | null>;

  /*
   * What a viewer sees: the lists its account owns or is a member of, and of those, for a
   * list-restricted key, only the lists the key names (Viewer.listIds). Each read below
   * applies that one rule (visibleListsSql, reachesList), never its callers.
   */

  /** The list with the viewer's role, when it sees the list; else null. One query. */
  abstract findVisible(viewer: Viewer, listId: string): Promise<VisibleList | null>;
  /** The lists the viewer sees (owned and member of), oldest first, strictly after `after`. One query. */
  abstract pageVisible(viewer: Viewer, after: ListPageKey | null, limit: number): Promise<VisibleList[]>;
  /**
   * Candidates for resolving an action's `list` field, in one query: the visible list whose
   * id is `id` (when given) and the visible lists whose name equals `name` case-insensitively;
   * ordered id match first, then the user's own lists, then shared ones by age; at most `limit`.
   */
  abstract findVisibleByIdOrName(viewer: Viewer, id: string | null, name: string, limit: number): Promise<VisibleList[]>;

  abstract findMember(listId: string, userId: string): Promise<Membership | null>;
  /** Members (never the owner), by joining time. */
  abstract listMembers(listId: string): Promise<Membership[]>;
  /** Members (never the owner). */
  abstract countMembers(listId: string): Promise<number>;
  /** Throws AlreadyMember('you') when the user is a member already. */
  abstract insertMember(membership: Membership): Promise<void>;
  /** False when the membership no longer exists. */
  abstract saveMemberRole(membership: Membership): Promise<boolean>;
  /** False when there was no such membership. */
  abstract deleteMember(listId: string, userId: string): Promise<boolean>;
}
