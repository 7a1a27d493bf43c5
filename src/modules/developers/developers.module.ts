import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { DeveloperPageController } from './http/developer-page.controller';
import { PortalAccountController } from './http/portal-account.controller';
import { PortalKeysController } from './http/portal-keys.controller';
import { SameOriginGuard } from './http/same-origin.guard';
import { SessionGuard } from './http/session.guard';

/** The developer page (`GET /developers`) and the JSON portal API it drives. */
@Module({
  imports: [AuthModule, KeysModule],
  controllers: [DeveloperPageController, PortalAccountController, PortalKeysController],
  providers: [SameOriginGuard, SessionGuard],
})
export class DevelopersModule {}
