import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { MePresenter } from './application/me.presenter';
import { ProfileController } from './http/profile.controller';

/** `GET /v1/me`; MePresenter also answers the MCP tool `whoami`. */
@Module({ imports: [AuthModule, KeysModule], controllers: [ProfileController], providers: [MePresenter], exports: [MePresenter] })
export class ProfileModule {}
