import type { ClaimedMail } from './mail-message';
import { MailRepository } from './mail.repository';

/**
 * What the mail worker claims each time it looks: the due messages; or, when none is due
 * and `intervalMs` has passed (on the Clock) since this instance last looked for one, one
 * deferred message as a probe of the SMTP server, sent before its time.
 *
 * Why a real message and not a handshake (connect, EHLO, QUIT): a server that greets fine
 * but answers 451 to every message passes a handshake, and a message that goes through is
 * sent, not spent. A probe that the server defers again changes nothing on the message's
 * schedule (MailAttempts); one that goes through wakes every deferred message. The probe is
 * taken among messages last tried at least `intervalMs` ago, least recently tried first, so
 * probes take turns and none follows a failure at once; at most one per interval per
 * instance, however many messages wait. Once the server takes mail again, the waiting mail
 * is due within about two intervals, on every instance (the wake-up is a database write).
 */
export class DeferredMailProbe {
  private lastLookAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly mails: MailRepository,
    private readonly intervalMs: number,
  ) {}

  async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
    const due = await this.mails.claimDue(now, leaseUntil, limit);
    if (due.length > 0 || now.getTime() - this.lastLookAt < this.intervalMs) return due;
    this.lastLookAt = now.getTime();
    const probes = await this.mails.claimDeferred(now, leaseUntil, new Date(now.getTime() - this.intervalMs), 1);
    return probes.map((claim) => ({ ...claim, probe: true }));
  }
}
