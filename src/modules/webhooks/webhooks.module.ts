import { ModeScope } from '../../common/ports/mode-scope';
import { Module } from '@nestjs/common';
import { CursorCodec } from '../../common/ports/cursor-codec';
import { SecretGenerator } from '../../common/ports/secret-generator';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { RootLogger } from '../../common/logging/root-logger';
import { AppConfig } from '../../config/app-config';
import { AuthModule } from '../auth/auth.module';
import { UserDirectory } from '../auth/domain/user-directory';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ListAccess } from '../lists/domain/list-access';
import { ListsModule } from '../lists/lists.module';
import { EventLogModule } from '../events/event-log.module';
import { EventWriter } from '../events/domain/event-writer';
import { DeliveryAttemptLog } from './domain/delivery-attempt-log';
import { DeliveryAttempts } from './domain/delivery-attempts';
import { DeliveryRequests } from './domain/delivery-requests';
import { DeliveryRepository } from './domain/delivery.repository';
import { EventRelay } from './domain/event-relay';
import { SecretCipher } from './domain/secret-cipher';
import { PayloadSigner } from './domain/signing';
import { AddressClassifier, HostResolver, WebhookUrlPolicy } from './domain/url-policy';
import { WebhookRepository } from './domain/webhook.repository';
import { WebhookSender } from './domain/webhook-sender';
import { DeliveryNudge } from './domain/delivery-nudge';
import { WebhookDeliveriesService } from './domain/webhook-deliveries.service';
import { WebhooksService } from './domain/webhooks.service';
import { WebhookBacklog } from './domain/webhook-backlog';
import { WebhooksController } from './http/webhooks.controller';
import { aesGcmSecretCipher } from './infrastructure/delivery/aes-gcm-secret-cipher';
import { loadMasterKey } from '../../common/crypto/master-key';
import { DeliveriesJanitor } from './infrastructure/delivery/deliveries-janitor';
import { DeliveryWorker } from './infrastructure/delivery/delivery-worker';
import { DnsHostResolver } from './infrastructure/delivery/dns-host-resolver';
import { HmacPayloadSigner } from './infrastructure/delivery/hmac-payload-signer';
import { HttpWebhookSender } from './infrastructure/delivery/http-webhook-sender';
import { IpaddrAddressClassifier } from './infrastructure/delivery/ipaddr-address-classifier';
import { TypeOrmDeliveryAttemptLog } from './infrastructure/typeorm/typeorm-delivery-attempt-log';
import { TypeOrmDeliveryRepository } from './infrastructure/typeorm/typeorm-delivery.repository';
import { TypeOrmEventRelay } from './infrastructure/typeorm/typeorm-event-relay';
import { TypeOrmWebhookRepository } from './infrastructure/typeorm/typeorm-webhook.repository';

/**
 * Webhook endpoints, their signed deliveries and the worker that sends them (API.md section 8).
 * The worker's relay (EventRelay) turns the events outbox of the events module into deliveries.
 * Exports WebhooksService (the endpoints) and WebhookDeliveriesService (what is sent to them, as
 * their owner drives it), and WebhookBacklog, each mode's queue and relay lag for the metrics.
 */
@Module({
  imports: [AuthModule, ListsModule, IdempotencyModule, EventLogModule],
  controllers: [WebhooksController],
  providers: [
    { provide: WebhookRepository, useClass: TypeOrmWebhookRepository },
    { provide: DeliveryRepository, useClass: TypeOrmDeliveryRepository },
    { provide: DeliveryAttemptLog, useClass: TypeOrmDeliveryAttemptLog },
    {
      provide: SecretCipher,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => aesGcmSecretCipher(loadMasterKey(config.webhooks.secretKey, config.dataDir)),
    },
    { provide: HostResolver, useClass: DnsHostResolver },
    { provide: AddressClassifier, useClass: IpaddrAddressClassifier },
    { provide: PayloadSigner, useClass: HmacPayloadSigner },
    {
      provide: WebhookSender,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new HttpWebhookSender({ timeoutMs: config.webhooks.timeoutMs, allowPrivate: config.webhooks.allowPrivateUrls }),
    },
    {
      provide: DeliveryAttempts,
      inject: [WebhookRepository, DeliveryRepository, DeliveryRequests, WebhookSender, DeliveryAttemptLog, UnitOfWork, Clock, RootLogger],
      useFactory: (
        webhooks: WebhookRepository,
        deliveries: DeliveryRepository,
        requests: DeliveryRequests,
        sender: WebhookSender,
        attemptLog: DeliveryAttemptLog,
        uow: UnitOfWork,
        clock: Clock,
        root: RootLogger,
      ) =>
        new DeliveryAttempts(webhooks, deliveries, requests, sender, attemptLog, {
          uow,
          clock,
          log: root.pino.child({ context: 'Webhooks' }),
          random: Math.random,
        }),
    },
    {
      provide: DeliveryRequests,
      inject: [SecretCipher, PayloadSigner, Clock],
      useFactory: (cipher: SecretCipher, signer: PayloadSigner, clock: Clock) => new DeliveryRequests(cipher, signer, clock),
    },
    { provide: EventRelay, useClass: TypeOrmEventRelay },
    {
      provide: DeliveryWorker,
      inject: [DeliveryRepository, DeliveryAttempts, Clock, AppConfig, EventRelay],
      useFactory: (deliveries: DeliveryRepository, attempts: DeliveryAttempts, clock: Clock, config: AppConfig, relay: EventRelay) =>
        new DeliveryWorker(
          deliveries,
          attempts,
          clock,
          {
            pollIntervalMs: config.webhooks.pollIntervalMs,
            leaseMs: config.webhooks.leaseMs,
            batchSize: config.webhooks.batchSize,
          },
          relay,
        ),
    },
    { provide: DeliveryNudge, useExisting: DeliveryWorker },
    DeliveriesJanitor,
    {
      provide: WebhookBacklog,
      inject: [DeliveryRepository, EventRelay, Clock, ModeScope],
      useFactory: (deliveries: DeliveryRepository, relay: EventRelay, clock: Clock, modes: ModeScope) =>
        new WebhookBacklog(deliveries, relay, clock, modes),
    },
    {
      provide: WebhookUrlPolicy,
      inject: [HostResolver, AddressClassifier, AppConfig],
      useFactory: (resolver: HostResolver, addresses: AddressClassifier, config: AppConfig) =>
        new WebhookUrlPolicy(resolver, addresses, { allowPrivate: config.webhooks.allowPrivateUrls }),
    },
    {
      provide: WebhooksService,
      inject: [WebhookRepository, UnitOfWork, Clock, IdGenerator, SecretCipher, SecretGenerator, ListAccess, WebhookUrlPolicy],
      useFactory: (
        webhooks: WebhookRepository,
        uow: UnitOfWork,
        clock: Clock,
        ids: IdGenerator,
        cipher: SecretCipher,
        secrets: SecretGenerator,
        lists: ListAccess,
        urls: WebhookUrlPolicy,
      ) => new WebhooksService(webhooks, uow, clock, ids, cipher, secrets, lists, urls),
    },
    {
      provide: WebhookDeliveriesService,
      inject: [
        WebhookRepository,
        DeliveryRepository,
        Clock,
        IdGenerator,
        CursorCodec,
        DeliveryNudge,
        UserDirectory,
        EventWriter,
        DeliveryAttemptLog,
      ],
      useFactory: (
        webhooks: WebhookRepository,
        deliveries: DeliveryRepository,
        clock: Clock,
        ids: IdGenerator,
        cursors: CursorCodec,
        nudge: DeliveryNudge,
        users: UserDirectory,
        events: EventWriter,
        attemptLog: DeliveryAttemptLog,
      ) => new WebhookDeliveriesService(webhooks, deliveries, clock, ids, cursors, nudge, users, events, attemptLog),
    },
  ],
  exports: [WebhooksService, WebhookDeliveriesService, WebhookBacklog],
})
export class WebhooksModule {}
