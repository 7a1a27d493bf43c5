import type { QueueBacklog } from '../../../../common/ports/queue-backlog';
import type { ClaimedMail, MailProps, MailStatus, MailUpdate } from '../../domain/mail-message';
import { MailRepository } from '../../domain/mail.repository';

type Stored = MailProps & { lockedUntil: Date | null };

const strip = ({ lockedUntil: _lease, ...props }: Stored): MailProps => ({ ...props });

/** A working in-memory MailRepository, held to the TypeORM adapter by the shared contract (testing/mail-repository.contract.ts). */
export class InMemoryMailRepository extends MailRepository {
  readonly rows = new Map<string, Stored>();

  async insert(mail: MailProps): Promise<void> {
    if (this.rows.has(mail.id)) throw new Error(`mail ${mail.id} exists (primary key)`);
    this.rows.set(mail.id, { ...mail, lockedUntil: null });
  }

  async findById(id: string): Promise<MailProps | null> {
    const found = this.rows.get(id);
    return found ? strip(found) : null;
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
    const due = [...this.rows.values()]
      .filter(
        (m) =>
          m.status === 'pending' &&
          m.nextAttemptAt !== null &&
          m.nextAttemptAt.getTime() <= now.getTime() &&
          (m.lockedUntil === null || m.lockedUntil.getTime() < now.getTime()),
      )
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime())
      .slice(0, limit);
    return due.map((m) => {
      this.rows.set(m.id, { ...m, lockedUntil: leaseUntil });
      return { mail: strip(m), lockedUntil: leaseUntil };
    });
  }

  async backlog(): Promise<QueueBacklog> {
    const all = [...this.rows.values()];
    const due = all.filter((m) => m.status === 'pending').map((m) => m.nextAttemptAt!.getTime());
    return {
      pending: due.length,
      failed: all.filter((m) => m.status === 'dead').length,
      oldestDueAt: due.length > 0 ? new Date(Math.min(...due)) : null,
    };
  }

  async finishAttempt(id: string, lockedUntil: Date, u: MailUpdate): Promise<boolean> {
    const found = this.rows.get(id);
    if (!found || found.lockedUntil?.getTime() !== lockedUntil.getTime()) return false;
    this.rows.set(id, {
      ...found,
      status: u.status,
      attempts: found.attempts + 1,
      lastError: u.lastError,
      nextAttemptAt: u.nextAttemptAt,
      sealedBody: u.eraseBody ? null : found.sealedBody,
      lockedUntil: null,
      updatedAt: u.now,
    });
    return true;
  }

  async claimDeferred(now: Date, leaseUntil: Date, triedBefore: Date, limit: number): Promise<ClaimedMail[]> {
    const deferred = [...this.rows.values()]
      .filter(
        (m) =>
          m.status === 'pending' &&
          m.attempts > 0 &&
          m.nextAttemptAt !== null &&
          m.nextAttemptAt.getTime() > now.getTime() &&
          m.updatedAt.getTime() <= triedBefore.getTime() &&
          (m.lockedUntil === null || m.lockedUntil.getTime() < now.getTime()),
      )
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit);
    return deferred.map((m) => {
      this.rows.set(m.id, { ...m, lockedUntil: leaseUntil });
      return { mail: strip(m), lockedUntil: leaseUntil };
    });
  }

  async finishProbe(id: string, lockedUntil: Date, lastError: string, now: Date): Promise<boolean> {
    const found = this.rows.get(id);
    if (!found || found.lockedUntil?.getTime() !== lockedUntil.getTime()) return false;
    this.rows.set(id, { ...found, lastError, updatedAt: now, lockedUntil: null });
    return true;
  }

  async wakeDeferred(now: Date): Promise<number> {
    let woken = 0;
    for (const m of this.rows.values()) {
      if (m.status === 'pending' && m.attempts > 0 && m.nextAttemptAt !== null && m.nextAttemptAt.getTime() > now.getTime()) {
        this.rows.set(m.id, { ...m, nextAttemptAt: now });
        woken += 1;
      }
    }
    return woken;
  }

  async listDead(limit: number): Promise<MailProps[]> {
    return this.newest('dead', (m) => m.updatedAt, limit);
  }

  async retryDead(id: string, now: Date): Promise<MailProps | null> {
    const found = this.rows.get(id);
    if (!found || found.status !== 'dead') return null;
    const again: Stored = { ...found, status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null, updatedAt: now };
    this.rows.set(id, again);
    return strip(again);
  }

  async latestOutbox(limit: number): Promise<MailProps[]> {
    return this.newest('outbox', (m) => m.createdAt, limit);
  }

  async purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const old = [...this.rows.values()].filter((m) => m.status !== 'pending' && m.updatedAt.getTime() < cutoff.getTime()).slice(0, limit);
    for (const m of old) this.rows.delete(m.id);
    return old.length;
  }

  /** The `limit` messages of a status, newest first by `at` (then by id, as PostgreSQL orders them). */
  private newest(status: MailStatus, at: (m: MailProps) => Date, limit: number): MailProps[] {
    return [...this.rows.values()]
      .filter((m) => m.status === status)
      .map(strip)
      .sort((a, b) => at(b).getTime() - at(a).getTime() || b.id.localeCompare(a.id))
      .slice(0, limit);
  }
}
