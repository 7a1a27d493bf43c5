import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { RootLogger } from '../../common/logging/root-logger';
import { Clock } from '../../common/ports/clock';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { AppConfig } from '../../config/app-config';
import { DeferredMailProbe } from './domain/deferred-mail-probe';
import { MailAttempts } from './domain/mail-attempts';
import { MailBodyCipher } from './domain/mail-body-cipher';
import { MailSender } from './domain/mail-sender';
import { MailRepository } from './domain/mail.repository';
import { MailboxController } from './http/mailbox.controller';
import { MailJanitor } from './infrastructure/mail-janitor';
import { MailWorker } from './infrastructure/mail-worker';
import { OutboxMailSender } from './infrastructure/outbox-mail-sender';
import { SmtpMailSender } from './infrastructure/smtp/smtp-mail-sender';
import { MailModule } from './mail.module';

/**
 * Sends the queued mail: the worker every instance runs (MailWorker), the sender (SMTP with
 * SMTP_URL, else the development outbox), the retention sweep, and the development mailbox
 * route. Imported by the service alone.
 */
@Module({
  imports: [MailModule],
  controllers: [MailboxController],
  providers: [
    {
      provide: MailSender,
      inject: [AppConfig],
      useFactory: ({ mail }: AppConfig) =>
        mail.smtpUrl !== undefined
          ? new SmtpMailSender({ url: mail.smtpUrl, from: mail.from, timeoutMs: mail.timeoutMs })
          : new OutboxMailSender(),
    },
    {
      provide: MailAttempts,
      inject: [MailRepository, UnitOfWork, Clock, MailBodyCipher, MailSender, RootLogger],
      useFactory: (mails: MailRepository, uow: UnitOfWork, clock: Clock, cipher: MailBodyCipher, sender: MailSender, root: RootLogger) =>
        new MailAttempts(mails, cipher, sender, { uow, clock, log: root.pino.child({ context: 'Mail' }), random: Math.random }),
    },
    {
      provide: MailWorker,
      inject: [MailRepository, MailAttempts, Clock, AppConfig],
      useFactory: (mails: MailRepository, attempts: MailAttempts, clock: Clock, { mail }: AppConfig) =>
        new MailWorker(new DeferredMailProbe(mails, mail.probeIntervalMs), attempts, clock, {
          pollIntervalMs: mail.pollIntervalMs,
          leaseMs: mail.leaseMs,
          batchSize: mail.batchSize,
        }),
    },
    MailJanitor,
  ],
})
export class MailDeliveryModule implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly root: RootLogger,
  ) {}

  onApplicationBootstrap(): void {
    const { smtpUrl, mailboxShown } = this.config.mail;
    const log = this.root.pino.child({ context: 'Mail' });
    if (mailboxShown) {
      // One line, so that whoever starts the service knows the outbox is readable here.
      log.warn(
        'development mailbox on: mail stays in the outbox, shown at /developers/api/dev/mailbox to requests from this machine only (set SMTP_URL to send it)',
      );
    } else if (smtpUrl === undefined) {
      log.warn('SMTP_URL is not set: mail stays in the development outbox and is never sent');
    }
  }
}
