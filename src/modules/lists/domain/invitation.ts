import { normaliseEmail } from '../../auth/domain/user';
import { INVITATION_TTL_MS } from './limits';
import { InvitationNotPending } from './lists.errors';
import type { MemberRole } from './membership';

/** What is stored. "expired" is never stored: a pending invitation past its expiry reads as expired. */
export type StoredInvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked';
export type InvitationStatus = StoredInvitationStatus | 'expired';

export interface InvitationProps {
  id: string;
  listId: string;
  /** Normalised (trimmed, lower case), as account emails are. */
  email: string;
  role: MemberRole;
  inviterId: string;
  status: StoredInvitationStatus;
  createdAt: Date;
  expiresAt: Date;
  /** When the invitee accepted or declined; null otherwise. */
  respondedAt: Date | null;
}

/** An invitation with its status as of a given moment and its list's current name, ready to show. */
export interface InvitationDetails extends Omit<InvitationProps, 'status'> {
  status: InvitationStatus;
  list: { id: string; name: string };
}

/** An invitation to join a list by email: pending → accepted / declined / revoked / expired. */
export class Invitation {
  private constructor(private props: InvitationProps) {}

  static issue(input: { id: string; listId: string; email: string; role: MemberRole; inviterId: string; now: Date }): Invitation {
    return new Invitation({
      id: input.id,
      listId: input.listId,
      email: normaliseEmail(input.email),
      role: input.role,
      inviterId: input.inviterId,
      status: 'pending',
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
      respondedAt: null,
    });
  }

  static restore(props: InvitationProps): Invitation {
    return new Invitation({ ...props });
  }

  get id() {
    return this.props.id;
  }
  get listId() {
    return this.props.listId;
  }
  get email() {
    return this.props.email;
  }
  get role() {
    return this.props.role;
  }

  statusAt(now: Date): InvitationStatus {
    if (this.props.status === 'pending' && now.getTime() >= this.props.expiresAt.getTime()) return 'expired';
    return this.props.status;
  }

  isPendingAt(now: Date): boolean {
    return this.statusAt(now) === 'pending';
  }

  /** Invitation emails match account emails case-insensitively. */
  isAddressedTo(email: string): boolean {
    return this.props.email === normaliseEmail(email);
  }

  accept(now: Date): void {
    this.close('accepted', now, now);
  }

  decline(now: Date): void {
    this.close('declined', now, now);
  }

  revoke(now: Date): void {
    this.close('revoked', now, null);
  }

  describe(now: Date, list: { id: string; name: string }): InvitationDetails {
    return { ...this.props, status: this.statusAt(now), list: { id: list.id, name: list.name } };
  }

  toProps(): InvitationProps {
    return { ...this.props };
  }

  private close(status: StoredInvitationStatus, now: Date, respondedAt: Date | null): void {
    const current = this.statusAt(now);
    if (current !== 'pending') throw new InvitationNotPending(current);
    this.props = { ...this.props, status, respondedAt };
  }
}
