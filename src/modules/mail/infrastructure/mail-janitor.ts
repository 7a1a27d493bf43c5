import { Injectable } from '@nestjs/common';
import { Janitor } from '../../../common/scheduling/janitor';
import { MailRepository } from '../domain/mail.repository';

/** How long sent, outbox and dead messages are kept after their last change. */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes finished messages past their retention every 15 minutes, a batch at a time, so the mail table stays bounded. */
@Injectable()
export class MailJanitor extends Janitor({
  source: MailRepository,
  deleteBatch: (mails, clock, batch) => mails.purgeFinishedBefore(new Date(clock.now().getTime() - MAIL_RETENTION_MS), batch),
  name: 'mail-janitor',
  what: 'old mail',
  logContext: 'Mail',
}) {}
