import type { QueueBacklog } from '../../../common/ports/queue-backlog';
import type { ClaimedMail, MailProps, MailUpdate } from './mail-message';

/** Port: the stored messages, and the queue of due ones that every instance's worker shares. */
export abstract class MailRepository {
  /** Stores a new message; inside a unit of work, it commits or rolls back with it. */
  abstract insert(mail: MailProps): Promise<void>;
  abstract findById(id: string): Promise<MailProps | null>;
  /**
   * Leases up to `limit` due messages (pending, next attempt at or before `now`, no lease or
   * an expired one) to the caller until `leaseUntil`, oldest due first. Instances claiming at
   * the same time get different messages; a lease left by a dead instance expires and the
   * message is claimed again.
   */
  abstract claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]>;
  /**
   * Writes an attempt's result and releases the lease, counting the attempt, only if the
   * message still carries the lease `lockedUntil` (false: the lease was lost to another instance).
   */
  abstract finishAttempt(id: string, lockedUntil: Date, update: MailUpdate): Promise<boolean>;
  /**
   * Leases up to `limit` deferred messages (pending after a failed attempt, not due before
   * `now`, no live lease, last tried at or before `triedBefore`), least recently tried first:
   * the recovery probe's candidates, so that successive probes take turns among them.
   */
  abstract claimDeferred(now: Date, leaseUntil: Date, triedBefore: Date, limit: number): Promise<ClaimedMail[]>;
  /**
   * Writes a probe's temporary failure (`lastError`, `updatedAt = now`) and releases the
   * lease, leaving the attempts and the next attempt's time as they were; only if the message
   * still carries the lease `lockedUntil`.
   */
  abstract finishProbe(id: string, lockedUntil: Date, lastError: string, now: Date): Promise<boolean>;
  /**
   * The SMTP server takes mail again: every message deferred by a failed attempt (pending,
   * attempted at least once, due after `now`) becomes due at `now`. Returns how many.
   */
  abstract wakeDeferred(now: Date): Promise<number>;
  /** The pending and dead messages, and the earliest pending attempt: one cheap read for the metrics. */
  abstract backlog(): Promise<QueueBacklog>;
  /** Dead messages, most recently given up first, `limit` of them. */
  abstract listDead(limit: number): Promise<MailProps[]>;
  /** A dead message due again at `now` with a fresh set of attempts; null when no dead message has that id. */
  abstract retryDead(id: string, now: Date): Promise<MailProps | null>;
  /** Messages left in the development outbox, newest first, `limit` of them. */
  abstract latestOutbox(limit: number): Promise<MailProps[]>;
  /** Deletes up to `limit` sent, outbox or dead messages last updated before `cutoff`; returns how many went. */
  abstract purgeFinishedBefore(cutoff: Date, limit: number): Promise<number>;
}
