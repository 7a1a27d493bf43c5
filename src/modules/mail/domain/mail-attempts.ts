import { boundedError, LeasedAttempts, type OutboxRuntime } from '../../../common/outbox/leased-attempts';
import { MailBodyCipher, MailBodyUnreadable } from './mail-body-cipher';
import { ClaimedMail, MailUpdate, recipientDomain } from './mail-message';
import { mailRetryAt } from './mail-retry';
import { MailSender, SendResult } from './mail-sender';
import { MailRepository } from './mail.repository';

/** Addresses in a server's answer ("550 <bob@example.com>: unknown user") keep their domain only. */
const ADDRESS_IN_TEXT = /[^\s<>"'@,;:()]+@/g;

/** An error as stored and logged: no recipient's name, bounded. */
export function redactError(error: string): string {
  return boundedError(error.replace(ADDRESS_IN_TEXT, '…@'));
}

/**
 * What an attempt's result means for the message: sent over SMTP (the body is erased), left
 * in the development outbox (the body is kept for the mailbox view), refused for good (dead
 * at once), or failed for now: due again on the mail retry schedule (MAIL_RETRY_DELAYS_MS),
 * dead after the last attempt. `attempts` counts this one.
 */
export function mailOutcome(result: SendResult, attempts: number, now: Date, random: number): Omit<MailUpdate, 'now'> {
  if (result.kind === 'sent') return { status: 'sent', lastError: null, nextAttemptAt: null, eraseBody: true };
  if (result.kind === 'outbox') return { status: 'outbox', lastError: null, nextAttemptAt: null, eraseBody: false };
  const lastError = redactError(result.error);
  const next = result.permanent ? null : mailRetryAt(attempts, now, random);
  if (next === null) return { status: 'dead', lastError, nextAttemptAt: null, eraseBody: false };
  return { status: 'pending', lastError, nextAttemptAt: next, eraseBody: false };
}

/** Whether an attempt's result proves the SMTP server takes mail: it accepted this message. */
const accepted = (update: MailUpdate) => update.status === 'sent';

/** Makes the attempt of a claimed message and records what came of it (LeasedAttempts). */
export class MailAttempts extends LeasedAttempts<ClaimedMail, SendResult, MailUpdate> {
  constructor(
    private readonly mails: MailRepository,
    private readonly cipher: MailBodyCipher,
    private readonly sender: MailSender,
    runtime: OutboxRuntime,
  ) {
    super(runtime, 'mail lease lost before its result was written');
  }

  protected async send({ mail }: ClaimedMail): Promise<SendResult> {
    try {
      const sealed = mail.sealedBody;
      const text = () => {
        if (sealed === null) throw new MailBodyUnreadable('it was erased', true);
        return this.cipher.open(sealed, mail.id);
      };
      return await this.sender.send({ to: mail.to, subject: mail.subject, text });
    } catch (error) {
      if (!(error instanceof MailBodyUnreadable)) throw error;
      // Another key on this instance than on the one that sealed it is a configuration
      // mistake another instance may not share: tried again. An altered body never opens.
      return { kind: 'failed', error: error.message, permanent: error.final };
    }
  }

  protected outcome({ mail, probe }: ClaimedMail, result: SendResult, now: Date, random: number): MailUpdate {
    if (probe && result.kind === 'failed' && !result.permanent) {
      // The server still defers it: the message stays where it was on its schedule.
      return { status: 'pending', lastError: redactError(result.error), nextAttemptAt: mail.nextAttemptAt, eraseBody: false, now };
    }
    return { ...mailOutcome(result, mail.attempts + 1, now, random), now };
  }

  protected record(claim: ClaimedMail, update: MailUpdate, now: Date): Promise<boolean> {
    const { mail, lockedUntil } = claim;
    // A probe that leaves the message pending was deferred again: its attempts are not used up.
    if (claim.probe && update.status === 'pending') return this.mails.finishProbe(mail.id, lockedUntil, update.lastError!, now);
    return this.mails.finishAttempt(mail.id, lockedUntil, update);
  }

  protected override async settled({ mail }: ClaimedMail, update: MailUpdate, now: Date): Promise<void> {
    // A message the server had deferred went through: whatever deferred the others (the
    // server down, or answering 4xx to everything) has most likely passed too, so they are due
    // now on every instance rather than at their next step, minutes or hours away. A first
    // attempt that goes through wakes nothing: steady traffic would otherwise retry a message
    // deferred for its own recipient (a full mailbox) at every send.
    if (accepted(update) && mail.attempts > 0) await this.wake(now);
    if (update.status === 'dead') {
      // Once per message: a dead message is never claimed again unless an operator retries it.
      this.runtime.log.warn(
        {
          mail_id: mail.id,
          kind: mail.kind,
          recipient_domain: recipientDomain(mail.to),
          attempts: mail.attempts + 1,
          last_error: update.lastError,
        },
        'mail is dead: no attempt is left (npm run cli -- dead-mail lists dead mail, retry-mail sends one again)',
      );
    }
  }

  protected describe({ mail }: ClaimedMail): Record<string, string> {
    return { mail_id: mail.id, kind: mail.kind };
  }

  /**
   * In a transaction of its own, after the result is written: a wake-up held in the result's
   * transaction could wait for another instance's doing the same the other way round, and a
   * deadlock would then undo the record of a message already sent (sent again once its lease
   * ran out). A wake-up that fails only leaves the deferred mail to the next probe.
   */
  private async wake(now: Date): Promise<void> {
    try {
      await this.runtime.uow.run(() => this.mails.wakeDeferred(now));
    } catch (error) {
      this.runtime.log.warn({ cause: (error as Error).message }, 'deferred mail could not be woken; the next probe tries again');
    }
  }
}
