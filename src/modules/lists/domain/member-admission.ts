import { List, VisibleList } from './list';
import { ListRepository } from './list.repository';
import { MAX_MEMBERS } from './limits';
import { AlreadyMember, AlreadyOwner, MemberLimit } from './lists.errors';
import { Membership, MemberRole } from './membership';

/**
 * Who may become a member of a list, and whether there is room: shared by invitations
 * and share links. Callers hold the list's lock (ListRepository.lockList), so the count
 * cannot be overtaken.
 */
export class MemberAdmission {
  constructor(private readonly lists: ListRepository) {}

  async assertNotIn(list: List, userId: string, who: 'you' | 'invitee'): Promise<void> {
    if (list.isOwnedBy(userId)) throw new AlreadyOwner(who);
    if (await this.lists.findMember(list.id, userId)) throw new AlreadyMember(who);
  }

  /** The owner counts as one of the MAX_MEMBERS. */
  async assertRoom(list: List): Promise<void> {
    if ((await this.lists.countMembers(list.id)) + 1 >= MAX_MEMBERS) throw new MemberLimit();
  }

  async admit(list: List, userId: string, role: MemberRole, now: Date): Promise<VisibleList> {
    await this.assertNotIn(list, userId, 'you');
    await this.assertRoom(list);
    await this.lists.insertMember(Membership.join({ listId: list.id, userId, role, joinedAt: now }));
    return new VisibleList(list, role, userId);
  }
}
