import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { ApiKeyGuard } from './http/api-key.guard';
import { KeyThrottlerGuard } from './http/key-throttler.guard';
import { ScopeGuard } from './http/scope.guard';
import { ModeInterceptor } from './http/mode.interceptor';

/**
 * The global guards of every route, registered in this order by app.module.ts (APP_GUARD):
 * who is calling (401), the rate limits (429), the route's scope (403), as the contract's
 * order of checks requires, and the interceptor that runs a test key's handler in test mode
 * (APP_INTERCEPTOR). The throttlers themselves are configured in throttlers.ts.
 */
@Module({
  imports: [KeysModule],
  providers: [ApiKeyGuard, KeyThrottlerGuard, ScopeGuard, ModeInterceptor],
  exports: [ApiKeyGuard, KeyThrottlerGuard, ScopeGuard, ModeInterceptor],
})
export class AccessModule {}
