import type { Invitation } from './invitation';

/** Port: invitations. Emails handed to it are normalised (normaliseEmail). */
export abstract class InvitationRepository {
  abstract insert(invitation: Invitation): Promise<void>;
  abstract findById(id: string): Promise<Invitation | null>;
  /** Writes the status and respondedAt. */
  abstract save(invitation: Invitation): Promise<void>;
  /** Every invitation of the list, whatever its status, oldest first. */
  abstract listByList(listId: string): Promise<Invitation[]>;
  /** The invitation to this list still pending at `now` for this email, if any. */
  abstract findPending(listId: string, email: string, now: Date): Promise<Invitation | null>;
  abstract countPending(listId: string, now: Date): Promise<number>;
  /**
   * Deletes the list's invitations no longer pending at `now` (accepted, declined, revoked,
   * expired) except the `keep` newest of them; returns how many went.
   */
  abstract deleteSettledBeyond(listId: string, now: Date, keep: number): Promise<number>;
  /** Invitations to any list still pending at `now` for this email, oldest first, at most `limit`. */
  abstract listPendingFor(email: string, now: Date, limit: number): Promise<Invitation[]>;
  /**
   * Counts one invitation mail of the inviter on `day` (a UTC date, `YYYY-MM-DD`) unless
   * `limit` were counted that day already: true when counted, false at the limit. Atomic, so
   * concurrent invitations never pass the limit; earlier days of the inviter are forgotten.
   */
  abstract countInvitationMail(inviterId: string, day: string, limit: number): Promise<boolean>;
}
