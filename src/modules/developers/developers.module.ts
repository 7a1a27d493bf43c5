import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { ListsModule } from '../lists/lists.module';
import { RequestLogsModule } from '../request-logs/request-logs.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { KeyUsageModule } from '../usage/key-usage.module';
import { DeveloperPageController } from './http/developer-page.controller';
import { PortalAccountController } from './http/portal-account.controller';
import { PortalCredentialsController } from './http/portal-credentials.controller';
import { PortalDeliveryAttemptsController } from './http/portal-delivery-attempts.controller';
import { PortalKeyUsageController } from './http/portal-key-usage.controller';
import { PortalKeysController } from './http/portal-keys.controller';
import { PortalListsController } from './http/portal-lists.controller';
import { PortalRequestLogsController } from './http/portal-request-logs.controller';
import { SameOriginGuard } from './http/same-origin.guard';
import { SessionGuard } from './http/session.guard';

/**
 * The developer page (`GET /developers`) and the JSON portal API it drives: the signed-in
 * account's keys, their usage, its lists for the key form, the request log of its keys, the
 * attempts of its webhook deliveries. Its webhooks and the sandbox's reset
 * are the API's own routes, which serve the page's session under /developers/api too (@SessionOrKey).
 */
@Module({
  imports: [AuthModule, KeysModule, KeyUsageModule, ListsModule, RequestLogsModule, WebhooksModule],
  controllers: [
    DeveloperPageController,
    PortalAccountController,
    PortalCredentialsController,
    PortalKeysController,
    PortalKeyUsageController,
    PortalListsController,
    PortalRequestLogsController,
    PortalDeliveryAttemptsController,
  ],
  providers: [SameOriginGuard, SessionGuard],
})
export class DevelopersModule {}
