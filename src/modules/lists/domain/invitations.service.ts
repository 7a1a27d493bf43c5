import type { Viewer, ViewerInMode } from '../../../common/auth/principal';
import { reachesList } from '../../../common/auth/reach';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { UserDirectory } from '../../auth/domain/user-directory';
import { normaliseEmail } from '../../auth/domain/user';
import { Invitation, InvitationDetails } from './invitation';
import { InvitationMailer } from './invitation-mail';
import { InvitationRepository } from './invitation.repository';
import { List, VisibleList } from './list';
import { ListEvents } from './list-events';
import { ListRepository } from './list.repository';
import { KEPT_SETTLED_INVITATIONS, MAX_INVITATION_MAILS_PER_DAY, MAX_LISTED_PENDING_INVITATIONS, MAX_PENDING_INVITATIONS } from './limits';
import { AlreadyInvited, InvitationMailLimit, InvitationNotFound, ListNotFound, PendingInvitationLimit } from './lists.errors';
import type { MemberRole } from './membership';
import { MemberAdmission } from './member-admission';
import { assertMayReachOutside, findVisibleOrThrow, pathId } from './visibility';

/**
 * Invitations by email. Every status change runs under the list's lock and re-reads the
 * invitation there, so an accept racing a revoke (or a second accept) sees the winner's result.
 * An invitation belongs to whoever proved they own its address: an account whose email is not
 * verified sees none of the invitations addressed to it, and cannot answer them.
 */
export class InvitationsService {
  private readonly admission: MemberAdmission;

  constructor(
    private readonly lists: ListRepository,
    private readonly invitations: InvitationRepository,
    private readonly users: UserDirectory,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events: ListEvents,
    private readonly mailer: InvitationMailer,
  ) {
    this.admission = new MemberAdmission(lists);
  }

  async invite(viewer: ViewerInMode, listId: string, input: { email: string; role: MemberRole }): Promise<InvitationDetails> {
    const userId = viewer.userId;
    const visible = await findVisibleOrThrow(this.lists, viewer, listId);
    visible.authorize('invite');
    const email = normaliseEmail(input.email);
    const account = await this.users.findByEmail(email);
    return this.uow.run(async () => {
      const list = await this.lockList(visible.list.id);
      const now = this.clock.now();
      if (account) await this.admission.assertNotIn(list, account.id, 'invitee');
      if (await this.invitations.findPending(list.id, email, now)) throw new AlreadyInvited();
      if ((await this.invitations.countPending(list.id, now)) >= MAX_PENDING_INVITATIONS) throw new PendingInvitationLimit();
      await this.admission.assertRoom(list);
      // Test mode mails nobody (a sandbox must not reach real people), so it counts no mail either.
      const mailed = viewer.mode === 'live';
      // Last of the checks: a refused invitation costs no mail of the day.
      if (mailed && !(await this.invitations.countInvitationMail(userId, now.toISOString().slice(0, 10), MAX_INVITATION_MAILS_PER_DAY))) {
        throw new InvitationMailLimit();
      }
      // Invitations only accumulate here: keeping the newest settled ones bounds what the list holds.
      await this.invitations.deleteSettledBeyond(list.id, now, KEPT_SETTLED_INVITATIONS);
      const invitation = Invitation.issue({ id: this.ids.next(), listId: list.id, email, role: input.role, inviterId: userId, now });
      await this.invitations.insert(invitation);
      if (mailed) {
        const inviter = await this.users.findById(userId);
        await this.mailer.send(email, list.name, inviter?.name ?? 'Someone', input.role);
      }
      const details = invitation.describe(now, list);
      await this.events.record(userId, now, [{ type: 'invitation.created', list, invitation: details }]);
      return details;
    });
  }

  /** Every invitation of the list, whatever its status (owner only). */
  async listForList(viewer: Viewer, listId: string): Promise<InvitationDetails[]> {
    const visible = await findVisibleOrThrow(this.lists, viewer, listId);
    visible.authorize('seeInvitations');
    const now = this.clock.now();
    return (await this.invitations.listByList(visible.list.id)).map((invitation) => invitation.describe(now, visible.list));
  }

  /**
   * Pending invitations addressed to the caller's account email (once verified), the oldest
   * MAX_LISTED_PENDING_INVITATIONS; for a list-restricted key, only those to one of its lists
   * (an invitation names its list, and a list outside the key's does not exist for it).
   */
  async listMine(viewer: Viewer): Promise<InvitationDetails[]> {
    const me = await this.users.findCurrent(viewer.userId);
    if (!me?.emailVerified) return [];
    const now = this.clock.now();
    const pending = await this.invitations.listPendingFor(normaliseEmail(me.email), now, MAX_LISTED_PENDING_INVITATIONS);
    const invitations = pending.filter((invitation) => reachesList(viewer, invitation.listId));
    const lists = new Map((await this.lists.findByIds(invitations.map((i) => i.listId))).map((l) => [l.id, l]));
    return invitations.flatMap((invitation) => {
      const list = lists.get(invitation.listId);
      return list ? [invitation.describe(now, list)] : [];
    });
  }

  async revoke(viewer: Viewer, listId: string, invitationId: string): Promise<InvitationDetails> {
    const userId = viewer.userId;
    const visible = await findVisibleOrThrow(this.lists, viewer, listId);
    visible.authorize('revokeInvitation');
    return this.transition(
      invitationId,
      (invitation) => invitation.listId === visible.list.id,
      async (invitation, list, now) => {
        invitation.revoke(now);
        await this.invitations.save(invitation);
        const details = invitation.describe(now, list);
        await this.events.record(userId, now, [{ type: 'invitation.revoked', list, invitation: details }]);
        return details;
      },
    );
  }

  /**
   * The invitee joins with the invited role: membership and invitation change in one
   * transaction. A list-restricted key accepts none (403): the list would be outside its lists.
   */
  async accept(viewer: Viewer, invitationId: string): Promise<VisibleList> {
    assertMayReachOutside(viewer, 'acceptInvitation');
    const userId = viewer.userId;
    const isMine = await this.addressedTo(viewer);
    return this.transition(invitationId, isMine, async (invitation, list, now) => {
      invitation.accept(now);
      const joined = await this.admission.admit(list, userId, invitation.role, now);
      await this.invitations.save(invitation);
      // After the admission, so the new member sees both.
      await this.events.record(userId, now, [
        { type: 'invitation.accepted', list, invitation: invitation.describe(now, list) },
        { type: 'member.joined', list, member: { userId, role: invitation.role, joinedAt: now } },
      ]);
      return joined;
    });
  }

  async decline(viewer: Viewer, invitationId: string): Promise<InvitationDetails> {
    const userId = viewer.userId;
    const isMine = await this.addressedTo(viewer);
    return this.transition(invitationId, isMine, async (invitation, list, now) => {
      invitation.decline(now);
      await this.invitations.save(invitation);
      const details = invitation.describe(now, list);
      await this.events.record(userId, now, [{ type: 'invitation.declined', list, invitation: details }]);
      return details;
    });
  }

  /**
   * Invitations addressed to the viewer's verified account email, to a list its key reaches
   * (listMine's rule). Read fresh, not from the directory's cache: the email or its
   * verification may have just changed.
   */
  private async addressedTo(viewer: Viewer): Promise<(invitation: Invitation) => boolean> {
    const me = await this.users.findCurrent(viewer.userId);
    return (invitation) => me !== null && me.emailVerified && invitation.isAddressedTo(me.email) && reachesList(viewer, invitation.listId);
  }

  /**
   * Runs one status change of an invitation the caller may act on (`mayAct`; anything
   * else is a 404) under its list's lock, with the invitation as it is under that lock.
   */
  private async transition<T>(
    rawId: string,
    mayAct: (invitation: Invitation) => boolean,
    change: (invitation: Invitation, list: List, now: Date) => Promise<T>,
  ): Promise<T> {
    const id = pathId(rawId);
    const seen = id && (await this.invitations.findById(id));
    if (!seen || !mayAct(seen)) throw new InvitationNotFound();
    return this.uow.run(async () => {
      const list = await this.lists.lockList(seen.listId);
      const invitation = list && (await this.invitations.findById(seen.id));
      if (!list || !invitation) throw new InvitationNotFound();
      return change(invitation, list, this.clock.now());
    });
  }

  private async lockList(id: string): Promise<List> {
    const list = await this.lists.lockList(id);
    if (!list) throw new ListNotFound();
    return list;
  }
}
