import { UserDirectory } from '../../auth/domain/user-directory';
import type { InvitationDetails } from '../domain/invitation';
import type { VisibleList } from '../domain/list';
import type { MemberEntry } from '../domain/list-events';
import type { Share } from '../domain/share';
import { shownOnce } from '../../../common/http/shown-once';
import { isoTime } from '../../../common/http/iso-time';
import { lookUpUsers, presentInvitation, presentList, presentMember, type UserLookup } from './list-resources';

export { presentInvitation, presentList, presentMember, type UserLookup };

/**
 * Resources of API.md section 3 in snake_case (application/list-resources.ts writes the
 * List, Member and Invitation ones). Users shown in them (owners, members, inviters) are
 * fetched in one batch per response, never one by one.
 */
export class ListsPresenter {
  constructor(private readonly users: UserDirectory) {}

  async lists(views: readonly VisibleList[]) {
    const user = await this.usersOf(views.map((view) => view.list.ownerId));
    return views.map((view) => presentList(user, view));
  }

  async list(view: VisibleList) {
    return (await this.lists([view]))[0];
  }

  async members(entries: readonly MemberEntry[]) {
    const user = await this.usersOf(entries.map((entry) => entry.userId));
    return entries.map((entry) => presentMember(user, entry));
  }

  async invitations(details: readonly InvitationDetails[]) {
    const user = await this.usersOf(details.map((invitation) => invitation.inviterId));
    return details.map((invitation) => presentInvitation(user, invitation));
  }

  async invitation(details: InvitationDetails) {
    return (await this.invitations([details]))[0];
  }

  /**
   * `token` is null except in the response that creates the link: only its hash is stored,
   * and the token is shown once (shownOnce keeps it out of a stored idempotent response too).
   */
  share(share: Share) {
    const props = share.toProps();
    const shown = {
      id: props.id,
      list_id: props.listId,
      token: null as string | null,
      role: props.role,
      created_at: isoTime(props.createdAt),
      expires_at: isoTime(props.expiresAt),
      revoked: share.revoked,
    };
    return share.issuedToken ? shownOnce(shown, { token: share.issuedToken }) : shown;
  }

  /** The users of `ids` in one batch, for the present* functions. */
  usersOf(ids: readonly string[]): Promise<UserLookup> {
    return lookUpUsers(this.users, ids);
  }
}
