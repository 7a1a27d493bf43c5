import { isUuid } from '../../../common/ports/id-generator';
import { AccessibleList, ListAccess } from './list-access';
import { ListRepository } from './list.repository';
import { AmbiguousListName, ListNotFound } from './lists.errors';
import { findVisibleOrThrow } from './visibility';

// The id match, the caller's own list of that name, and two shared ones are enough to decide.
const CANDIDATES = 4;

/** The lists module's answer to "which list does the caller mean?", one query per call. */
export class ListAccessService extends ListAccess {
  constructor(private readonly lists: ListRepository) {
    super();
  }

  async getVisible(userId: string, listId: string): Promise<AccessibleList> {
    return (await findVisibleOrThrow(this.lists, userId, listId)).toAccessible();
  }

  /** API.md section 6, "Actions": id first, then own lists by name, then shared lists by name. */
  async resolve(userId: string, idOrName: string): Promise<AccessibleList> {
    const wanted = idOrName.trim();
    const id = isUuid(wanted) ? wanted.toLowerCase() : null;
    const candidates = await this.lists.findVisibleByIdOrName(userId, id, wanted, CANDIDATES);
    const byId = candidates.find((c) => c.list.id === id);
    if (byId) return byId.toAccessible();
    // Without an id match every candidate matched by name (as the store compares names).
    const named = candidates;
    const own = named.find((c) => c.isOwner);
    if (own) return own.toAccessible();
    if (named.length > 1)
      throw new AmbiguousListName(
        wanted,
        named.map((c) => c.list.id),
      );
    if (named.length === 1) return named[0].toAccessible();
    throw new ListNotFound();
  }
}
