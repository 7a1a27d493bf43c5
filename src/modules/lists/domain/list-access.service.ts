import type { Viewer } from '../../../common/auth/principal';
import { AccessibleList, chooseList, LIST_CANDIDATES, ListAccess, readListReference } from './list-access';
import { ListRepository } from './list.repository';
import { findVisibleOrThrow } from './visibility';

/** The lists module's answer to "which list does the caller mean?", one query per call. */
export class ListAccessService extends ListAccess {
  constructor(private readonly lists: ListRepository) {
    super();
  }

  async getVisible(viewer: Viewer, listId: string): Promise<AccessibleList> {
    return (await findVisibleOrThrow(this.lists, viewer, listId)).toAccessible();
  }

  /** API.md section 6, "Actions": id first, then own lists by name, then shared lists by name (chooseList). */
  async resolve(viewer: Viewer, idOrName: string): Promise<AccessibleList> {
    const reference = readListReference(idOrName);
    const candidates = await this.lists.findVisibleByIdOrName(viewer, reference.id, reference.name, LIST_CANDIDATES);
    return chooseList(
      candidates.map((c) => c.toAccessible()),
      reference,
    );
  }
}
