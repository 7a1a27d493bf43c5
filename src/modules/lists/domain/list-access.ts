import type { Viewer } from '../../../common/auth/principal';
import { isUuid } from '../../../common/ports/id-generator';
import { AmbiguousListName, ListNotFound } from './lists.errors';

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
   * A list the viewer can see, by id. Anything else (unknown, not visible, outside a
   * restricted key's lists, malformed id) throws the lists module's not-found error (404).
   */
  abstract getVisible(viewer: Viewer, listId: string): Promise<AccessibleList>;

  /**
   * The `list` field of an action: an accessible list's id, or else its name, matched
   * case-insensitively after trimming, first among the caller's own lists, then among
   * lists shared with them, all among the lists the viewer's key reaches. No match → not
   * found (404); two shared lists of that name from different owners → a rule violation
   * (422) that names the ambiguity and suggests using the id.
   */
  abstract resolve(viewer: Viewer, idOrName: string): Promise<AccessibleList>;
}

/**
 * The `list` field of an action, read: the text trimmed, and the id it names when it has the
 * shape of one (lower-cased, as PostgreSQL writes uuids). A name is compared by its foldKey.
 */
export interface ListReference {
  id: string | null;
  name: string;
}

export const readListReference = (idOrName: string): ListReference => {
  const name = idOrName.trim();
  return { id: isUuid(name) ? name.toLowerCase() : null, name };
};

/**
 * How many lists a store reports for a reference: the id match, the caller's own list of that
 * name, and two shared ones are enough to decide (and to name in the ambiguity error).
 */
export const LIST_CANDIDATES = 4;

/**
 * API.md section 6, "Actions": the list a reference means among the lists the caller can see
 * that it may mean, in the stores' order (the id match first, then the caller's own lists, then
 * by creation): the id match, else the caller's own list of that name, else the only shared
 * one; undefined when there is none or several shared ones. Its SQL form, for a statement that
 * picks and writes in one round trip (the items store's add), is pickedListCte
 * (lists/persistence/list-pick.sql.ts); one table of cases (testing/pick-list-cases.ts) holds
 * the two to the same answers.
 */
export function pickList<T extends AccessibleList>(candidates: readonly T[], reference: ListReference): T | undefined {
  const [best] = candidates;
  return best && (best.id === reference.id || best.role === 'owner' || candidates.length === 1) ? best : undefined;
}

/** pickList, or the error that says why there is no list to pick: ambiguous (422) or not found (404). */
export function chooseList<T extends AccessibleList>(candidates: readonly T[], reference: ListReference): T {
  const chosen = pickList(candidates, reference);
  if (chosen) return chosen;
  if (candidates.length > 1)
    throw new AmbiguousListName(
      reference.name,
      candidates.map((c) => c.id),
    );
  throw new ListNotFound();
}
