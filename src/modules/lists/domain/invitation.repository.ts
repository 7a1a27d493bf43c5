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
  /** Invitations to any list still pending at `now` for this email, oldest first. */
  abstract listPendingFor(email: string, now: Date): Promise<Invitation[]>;
}
