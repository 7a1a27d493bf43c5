import { UserDirectory } from '../../auth/domain/user-directory';
import type { UserSummary } from '../../auth/domain/user';
import type { InvitationDetails } from '../domain/invitation';
import type { VisibleList } from '../domain/list';
import type { MemberEntry } from '../domain/list-events';
import type { Share } from '../domain/share';
import { shownOnce } from '../../../common/http/shown-once';
import { isoTime } from '../../../common/http/iso-time';

type UserRef = Pick<UserSummary, 'id' | 'username' | 'name'>;
export type UserLookup = (id: string) => UserRef;

/**
 * Resources of API.md section 3 in snake_case. Users shown in them (owners, members,
 * inviters) are fetched in one batch per response, never one by one.
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

  /** The users of `ids` in one batch, for the present* functions below. */
  async usersOf(ids: readonly string[]): Promise<UserLookup> {
    const found = await this.users.findByIds(ids);
    return (id) => {
      const summary = found.get(id);
      // Accounts are never deleted while they own or belong to lists (foreign keys cascade).
      if (!summary) throw new Error(`account ${id} referenced by a list is missing`);
      return { id: summary.id, username: summary.username, name: summary.name };
    };
  }
}

/** The List resource; `role` is that of the viewer the VisibleList was made for. */
export function presentList(user: UserLookup, { list, role }: VisibleList) {
  return {
    id: list.id,
    name: list.name,
    owner: user(list.ownerId),
    role,
    item_count: list.itemCount,
    open_item_count: list.openItemCount,
    created_at: isoTime(list.createdAt),
    updated_at: isoTime(list.updatedAt),
  };
}

export function presentMember(user: UserLookup, entry: MemberEntry) {
  return { user: user(entry.userId), role: entry.role, joined_at: isoTime(entry.joinedAt) };
}

export function presentInvitation(user: UserLookup, invitation: InvitationDetails) {
  return {
    id: invitation.id,
    list: invitation.list,
    invitee: { email: invitation.email },
    inviter: user(invitation.inviterId),
    role: invitation.role,
    status: invitation.status,
    created_at: isoTime(invitation.createdAt),
    expires_at: isoTime(invitation.expiresAt),
    responded_at: isoTime(invitation.respondedAt),
  };
}
