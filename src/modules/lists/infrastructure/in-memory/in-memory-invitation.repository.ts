import { Invitation } from '../../domain/invitation';
import { InvitationRepository } from '../../domain/invitation.repository';
import { byCreation, InMemoryListsStore } from './in-memory-lists.store';

export class InMemoryInvitationRepository extends InvitationRepository {
  constructor(readonly store = new InMemoryListsStore()) {
    super();
  }

  /** Mails counted per `${inviterId}/${day}`. */
  private readonly mailDays = new Map<string, number>();

  async countInvitationMail(inviterId: string, day: string, limit: number): Promise<boolean> {
    for (const key of this.mailDays.keys()) {
      const [inviter, counted] = key.split('/');
      if (inviter === inviterId && counted < day) this.mailDays.delete(key);
    }
    const key = `${inviterId}/${day}`;
    const mails = this.mailDays.get(key) ?? 0;
    if (mails >= limit) return false;
    this.mailDays.set(key, mails + 1);
    return true;
  }

  async insert(invitation: Invitation): Promise<void> {
    const props = invitation.toProps();
    if (!this.store.lists.has(props.listId)) throw new Error(`no list ${props.listId} (foreign key)`);
    this.store.invitations.set(props.id, props);
  }

  async findById(id: string): Promise<Invitation | null> {
    const props = this.store.invitations.get(id);
    return props ? Invitation.restore(props) : null;
  }

  async save(invitation: Invitation): Promise<void> {
    const { id, status, respondedAt } = invitation.toProps();
    const stored = this.store.invitations.get(id);
    if (stored) this.store.invitations.set(id, { ...stored, status, respondedAt });
  }

  async listByList(listId: string): Promise<Invitation[]> {
    return this.matching((invitation) => invitation.listId === listId);
  }

  async findPending(listId: string, email: string, now: Date): Promise<Invitation | null> {
    return (await this.listPendingFor(email, now, Number.MAX_SAFE_INTEGER)).find((invitation) => invitation.listId === listId) ?? null;
  }

  async countPending(listId: string, now: Date): Promise<number> {
    return (await this.listByList(listId)).filter((invitation) => invitation.isPendingAt(now)).length;
  }

  async deleteSettledBeyond(listId: string, now: Date, keep: number): Promise<number> {
    const settled = this.matching((invitation) => invitation.listId === listId && !invitation.isPendingAt(now)).reverse();
    for (const invitation of settled.slice(keep)) this.store.invitations.delete(invitation.toProps().id);
    return Math.max(0, settled.length - keep);
  }

  async listPendingFor(email: string, now: Date, limit: number): Promise<Invitation[]> {
    return this.matching((invitation) => invitation.email === email && invitation.isPendingAt(now)).slice(0, limit);
  }

  private matching(keep: (invitation: Invitation) => boolean): Invitation[] {
    return [...this.store.invitations.values()]
      .sort(byCreation)
      .map((props) => Invitation.restore(props))
      .filter(keep);
  }
}
