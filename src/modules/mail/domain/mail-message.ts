/**
 * Where a message stands: `pending` (due at `nextAttemptAt`), `sent` (accepted by the SMTP
 * server; its body erased), `outbox` (left in the development outbox; its body kept sealed for
 * the mailbox view), `dead` (the attempts ran out or the server refused it for good; its body
 * kept sealed so that an operator can send it again).
 */
export type MailStatus = 'pending' | 'sent' | 'outbox' | 'dead';

export interface MailProps {
  id: string;
  /** What the message is for (`verify-email`, `password-reset`, ...): shown to operators, never secret. */
  kind: string;
  to: string;
  subject: string;
  /** The text, sealed (MailBodyCipher, bound to the id); null once sent over SMTP. */
  sealedBody: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When the next attempt is due; null unless pending. */
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A new message, due at once. */
export function newMail(input: { id: string; kind: string; to: string; subject: string; sealedBody: string; now: Date }): MailProps {
  const { now, ...fields } = input;
  return { ...fields, status: 'pending', attempts: 0, lastError: null, nextAttemptAt: now, createdAt: now, updatedAt: now };
}

/** A message leased to one instance until `lockedUntil`; its writes land only while the row still carries that lease. */
export interface ClaimedMail {
  mail: MailProps;
  lockedUntil: Date;
  /**
   * Claimed before it was due, as the probe of an SMTP server that deferred it
   * (DeferredMailProbe): a temporary failure then leaves the message where it was on its
   * schedule, so probing never uses up its attempts.
   */
  probe?: true;
}

/** What an attempt writes onto its message. */
export interface MailUpdate {
  status: MailStatus;
  lastError: string | null;
  nextAttemptAt: Date | null;
  /** Drop the sealed body (the message went out over SMTP). */
  eraseBody: boolean;
  now: Date;
}

/** The part of an address after the @: what a log line may say about a recipient. */
export const recipientDomain = (to: string): string => to.slice(to.lastIndexOf('@') + 1);
