import { Module } from '@nestjs/common';
import { ModeScope } from '../../common/ports/mode-scope';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { IdempotencyService } from '../idempotency/domain/idempotency.service';
import { ListsModule } from '../lists/lists.module';
import { ListsService } from '../lists/domain/lists.service';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WebhooksService } from '../webhooks/domain/webhooks.service';
import { SandboxController } from './http/sandbox.controller';
import { SandboxService } from './domain/sandbox.service';

/**
 * The sandbox's reset (API.md section 10): `POST /v1/sandbox/reset` for test keys, and the
 * service the developer page's "Reset test data" calls. It owns no table: it deletes through
 * the lists, webhooks and idempotency services.
 */
@Module({
  imports: [ListsModule, WebhooksModule, IdempotencyModule],
  controllers: [SandboxController],
  providers: [
    {
      provide: SandboxService,
      inject: [ListsService, WebhooksService, IdempotencyService, UnitOfWork, ModeScope],
      useFactory: (lists: ListsService, webhooks: WebhooksService, idempotency: IdempotencyService, uow: UnitOfWork, modes: ModeScope) =>
        new SandboxService(lists, webhooks, idempotency, uow, modes),
    },
  ],
  exports: [SandboxService],
})
export class SandboxModule {}
