import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { KeyUsageModule } from '../usage/key-usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DeveloperPageController } from './http/developer-page.controller';
import { PortalAccountController } from './http/portal-account.controller';
import { PortalCredentialsController } from './http/portal-credentials.controller';
import { PortalKeyUsageController } from './http/portal-key-usage.controller';
import { PortalKeysController } from './http/portal-keys.controller';
import { PortalWebhooksController } from './http/portal-webhooks.controller';
import { SameOriginGuard } from './http/same-origin.guard';
import { SessionGuard } from './http/session.guard';

/** The developer page (`GET /developers`) and the JSON portal API it drives (keys and webhooks of the signed-in account). */
@Module({
  imports: [AuthModule, KeysModule, KeyUsageModule, WebhooksModule],
  controllers: [
    DeveloperPageController,
    PortalAccountController,
    PortalCredentialsController,
    PortalKeysController,
    PortalKeyUsageController,
    PortalWebhooksController,
  ],
  providers: [SameOriginGuard, SessionGuard],
})
export class DevelopersModule {}
