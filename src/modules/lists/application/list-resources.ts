import type { UserDirectory } from '../../auth/domain/user-directory';
import type { UserSummary } from '../../auth/domain/user';
import type { InvitationDetails } from '../domain/invitation';
import type { VisibleList } from '../domain/list';
import type { MemberEntry } from '../domain/list-events';
import { isoTime } from '../../../common/http/iso-time';

/**
 * The List, Member and Invitation resources of API.md section 3, in snake_case: what the
 * routes answer (ListsPresenter) and what the events of lists carry as their `data`
 * (RecordedListEvents), written once for both.
 */

type UserRef = Pick<UserSummary, 'id' | 'username' | 'name'>;
export type UserLookup = (id: string) => UserRef;

/** The users of `ids` in one batch, for the present* functions below; never one by one. */
export async function lookUpUsers(users: UserDirectory, ids: readonly string[]): Promise<UserLookup> {
  const found = await users.findByIds(ids);
  return (id) => {
    const summary = found.get(id);
    // Accounts are never deleted while they own or belong to lists (foreign keys cascade).
    if (!summary) throw new Error(`account ${id} referenced by a list is missing`);
    return { id: summary.id, username: summary.username, name: summary.name };
  };
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
