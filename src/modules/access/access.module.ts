import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { ApiKeyGuard } from './http/api-key.guard';
import { KeyModeMiddleware } from './http/key-mode.middleware';
import { KeyThrottlerGuard } from './http/key-throttler.guard';
import { ScopeGuard } from './http/scope.guard';
import { SessionAuthenticator } from './http/session-authenticator';

/**
 * The global guards of every route, registered in this order by app.module.ts (APP_GUARD):
 * who is calling (401), the rate limits (429), the route's scope (403), as the contract's
 * order of checks requires. Before them, on the keyed paths, the middleware that runs a test
 * key's request in test mode. The throttlers themselves are configured in throttlers.ts.
 */
@Module({
  imports: [KeysModule, AuthModule],
  providers: [ApiKeyGuard, KeyThrottlerGuard, ScopeGuard, KeyModeMiddleware, SessionAuthenticator],
  exports: [ApiKeyGuard, KeyThrottlerGuard, ScopeGuard],
})
export class AccessModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(KeyModeMiddleware)
      .forRoutes({ path: 'v1/*path', method: RequestMethod.ALL }, { path: 'mcp{/*path}', method: RequestMethod.ALL });
  }
}
