import type { InvitationDetails } from './invitation';
import type { List, VisibleList } from './list';
import type { ListRole } from './list-access';

/** One line of a list's member roster; the owner is the first line. */
export interface MemberEntry {
  userId: string;
  role: ListRole;
  joinedAt: Date;
}

export type ListEventType = 'list.created' | 'list.renamed' | 'list.deleted';
export type MemberEventType = 'member.joined' | 'member.role_changed' | 'member.removed';
export type InvitationEventType = 'invitation.created' | 'invitation.accepted' | 'invitation.declined' | 'invitation.revoked';

/** What one change records, in the order given (API.md section 8). */
export type ListEvent =
  | { type: ListEventType; list: VisibleList }
  | { type: MemberEventType; list: List; member: MemberEntry }
  | { type: InvitationEventType; list: List; invitation: InvitationDetails };

/**
 * Port: records the events of a change to lists, members and invitations. Called inside the
 * change's unit of work, so the events commit or roll back with it. Who sees an event is
 * fixed when it is recorded (the list's owner and members at that moment), hence the order
 * the services follow: list.deleted and member.removed before the list or the member goes,
 * member.joined after the member is in.
 */
export abstract class ListEvents {
  abstract record(actorId: string, at: Date, events: readonly ListEvent[]): Promise<void>;
}
