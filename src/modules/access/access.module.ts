import { Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { KeysService } from '../keys/domain/keys.service';
import { KeysModule } from '../keys/keys.module';
import { RateLimitStore } from '../rate-limit/domain/rate-limit-store';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { AccessGuard } from './http/access.guard';

/** The global guard of every route (registered by app.module.ts): API key, rate limit, scope. */
@Module({
  imports: [KeysModule, RateLimitModule],
  providers: [
    {
      provide: AccessGuard,
      inject: [Reflector, KeysService, RateLimitStore, AppConfig],
      useFactory: (reflector: Reflector, keys: KeysService, store: RateLimitStore, config: AppConfig) =>
        new AccessGuard(reflector, keys, store, {
          keyLimit: config.rateLimitMax,
          windowS: config.rateLimitWindowS,
          unauthenticatedLimit: config.rateLimitUnauthenticatedMax,
        }),
    },
  ],
  exports: [AccessGuard],
})
export class AccessModule {}
