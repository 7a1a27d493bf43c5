import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { ProfileController } from './http/profile.controller';

@Module({ imports: [AuthModule, KeysModule], controllers: [ProfileController] })
export class ProfileModule {}
