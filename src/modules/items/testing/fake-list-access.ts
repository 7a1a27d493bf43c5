import { NotFoundError } from '../../../common/errors/domain-error';
import { AccessibleList, ListAccess, ListRole } from '../../lists/domain/list-access';

interface FakeList {
  id: string;
  name: string;
  roles: Map<string, ListRole>;
}

/**
 * A small stand-in for the lists module's ListAccess in unit specs: lists by id or
 * name (trimmed, case-insensitive), visible to the users given a role on them.
 */
export class FakeListAccess extends ListAccess {
  private readonly lists: FakeList[] = [];

  add(id: string, name: string, roles: Record<string, ListRole>): void {
    this.lists.push({ id, name, roles: new Map(Object.entries(roles)) });
  }

  async getVisible(userId: string, listId: string): Promise<AccessibleList> {
    return this.visible(userId, (list) => list.id === listId);
  }

  async resolve(userId: string, idOrName: string): Promise<AccessibleList> {
    const wanted = idOrName.trim();
    const byId = this.lists.find((list) => list.id === wanted && list.roles.has(userId));
    if (byId) return this.visible(userId, (list) => list === byId);
    return this.visible(userId, (list) => list.name.toLowerCase() === wanted.toLowerCase());
  }

  private visible(userId: string, test: (list: FakeList) => boolean): AccessibleList {
    const list = this.lists.find((candidate) => test(candidate) && candidate.roles.has(userId));
    if (!list) throw new NotFoundError('LIST_NOT_FOUND', 'List not found');
    return { id: list.id, name: list.name, role: list.roles.get(userId)! };
  }
}
