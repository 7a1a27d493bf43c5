/**
 * The lists module's promise to other modules (items, above all): which list a caller
 * means, and what they may do with it. Implemented by the lists module; other modules
 * depend on this port only, never on list storage.
 */

export type ListRole = 'owner' | 'editor' | 'viewer';

export interface AccessibleList {
  id: string;
  name: string;
  /** The caller's role on this list. */
  role: ListRole;
}

/** Owners and editors add, complete, reopen and remove items; viewers only read. */
export const canWriteItems = (role: ListRole): boolean => role === 'owner' || role === 'editor';

export abstract class ListAccess {
  /**
   * A list the caller can see, by id. Anything else (unknown, not visible, malformed
   * id) throws the lists module's not-found error (404).
   */
  abstract getVisible(userId: string, listId: string): Promise<AccessibleList>;

  /**
   * The `list` field of an action: an accessible list's id, or else its name, matched
   * case-insensitively after trimming, first among the caller's own lists, then among
   * lists shared with them. No match → not found (404); two shared lists of that name
   * from different owners → a rule violation (422) that names the ambiguity and
   * suggests using the id.
   */
  abstract resolve(userId: string, idOrName: string): Promise<AccessibleList>;
}
