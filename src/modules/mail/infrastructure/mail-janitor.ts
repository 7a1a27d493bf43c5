import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../../../common/ports/clock';
import { ScheduledSweep } from '../../../common/scheduling/scheduled-sweep';
import { MailRepository } from '../domain/mail.repository';

/** How long sent, outbox and dead messages are kept after their last change. */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
const SWEEP_BATCH = 1000;

/** Deletes finished messages past their retention, a batch at a time, so the mail table stays bounded. */
@Injectable()
export class MailJanitor extends ScheduledSweep {
  constructor(mails: MailRepository, clock: Clock, scheduler: SchedulerRegistry) {
    super(
      scheduler,
      () => mails.purgeFinishedBefore(new Date(clock.now().getTime() - MAIL_RETENTION_MS), SWEEP_BATCH),
      {
        name: 'mail-janitor',
        intervalMs: SWEEP_INTERVAL_MS,
        batchSize: SWEEP_BATCH,
        maxBatches: Number.POSITIVE_INFINITY,
        what: 'old mail',
      },
      new Logger('Mail'),
      clock,
    );
  }
}
