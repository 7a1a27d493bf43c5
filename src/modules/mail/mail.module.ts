import { Module } from '@nestjs/common';
import { loadMasterKey } from '../../common/crypto/master-key';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { MailQueue } from '../../common/ports/mail-queue';
import { AppConfig } from '../../config/app-config';
import { MailBodyCipher } from './domain/mail-body-cipher';
import { MailOperations } from './domain/mail-operations';
import { MailRepository } from './domain/mail.repository';
import { SealedMailQueue } from './domain/sealed-mail-queue';
import { aesGcmMailBodyCipher } from './infrastructure/aes-gcm-mail-body-cipher';
import { TypeOrmMailRepository } from './infrastructure/typeorm/typeorm-mail.repository';

/**
 * The mail queue: `MailQueue` (the port in src/common/ports) for the modules that send mail,
 * which enqueue inside their unit of work, and `MailOperations` for the operator command
 * (dead mail, retry) and the development mailbox. Sending is MailDeliveryModule's, so a
 * process that only enqueues (the operator command) runs no worker.
 */
@Module({
  providers: [
    { provide: MailRepository, useClass: TypeOrmMailRepository },
    {
      provide: MailBodyCipher,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => aesGcmMailBodyCipher(loadMasterKey(config.webhooks.secretKey, config.dataDir)),
    },
    {
      provide: MailQueue,
      inject: [MailRepository, MailBodyCipher, Clock, IdGenerator],
      useFactory: (mails: MailRepository, cipher: MailBodyCipher, clock: Clock, ids: IdGenerator) =>
        new SealedMailQueue(mails, cipher, clock, ids),
    },
    {
      provide: MailOperations,
      inject: [MailRepository, MailBodyCipher, Clock],
      useFactory: (mails: MailRepository, cipher: MailBodyCipher, clock: Clock) => new MailOperations(mails, cipher, clock),
    },
  ],
  exports: [MailQueue, MailOperations, MailRepository, MailBodyCipher],
})
export class MailModule {}
