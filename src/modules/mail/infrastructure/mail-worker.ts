import { Injectable, Logger } from '@nestjs/common';
import { LeasedQueueWorker, WorkerOptions } from '../../../common/outbox/leased-queue-worker';
import { Clock } from '../../../common/ports/clock';
import { DeferredMailProbe } from '../domain/deferred-mail-probe';
import { MailAttempts } from '../domain/mail-attempts';
import type { ClaimedMail } from '../domain/mail-message';

/**
 * Sends queued mail in the background on the same LeasedQueueWorker as webhook deliveries:
 * every instance runs one, MailRepository.claimDue leases rows with FOR UPDATE SKIP LOCKED,
 * so no message is sent by two instances, and one held by an instance that died is sent by
 * another once its lease expires. When nothing is due, DeferredMailProbe sends one deferred
 * message early now and then, to learn that the SMTP server takes mail again. Started when the application has booted, stopped (waiting
 * for the sends in flight) before the database pool closes.
 */
@Injectable()
export class MailWorker extends LeasedQueueWorker<ClaimedMail> {
  constructor(claims: DeferredMailProbe, attempts: MailAttempts, clock: Clock, options: WorkerOptions) {
    super(
      {
        claimDue: (now, leaseUntil, limit) => claims.claim(now, leaseUntil, limit),
        attempt: (claim) => attempts.attempt(claim),
        describe: (claim) => ({ mail_id: claim.mail.id, kind: claim.mail.kind }),
      },
      clock,
      options,
      new Logger('Mail'),
      {
        attemptNotRecorded: 'mail attempt could not be recorded',
        claimsFailing: 'queued mail could not be claimed; retrying with back-off',
      },
    );
  }
}
