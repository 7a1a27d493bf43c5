import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { KeysModule } from '../keys/keys.module';
import { ApiKeyGuard } from './http/api-key.guard';
import { always, enterRequestMode, testKey, testModeQuery } from './http/request-mode.middleware';
import { KeyThrottlerGuard } from './http/key-throttler.guard';
import { ScopeGuard } from './http/scope.guard';
import { SessionAuthenticator } from './http/session-authenticator';

/**
 * The global guards of every route, registered in this order by app.module.ts (APP_GUARD):
 * who is calling (401), the rate limits (429), the route's scope (403), as the contract's
 * order of checks requires. Before them, the middleware that runs a sandbox request in test
 * mode: a test key's on the keyed paths, the developer page's `?mode=test` on its routes that
 * take it (the controllers marked @PortalMode, and the shared webhooks and events routes), and always on the
 * page's sandbox routes, which work on test data alone. The throttlers themselves are
 * configured in throttlers.ts.
 */
@Module({
  imports: [KeysModule, AuthModule],
  providers: [ApiKeyGuard, KeyThrottlerGuard, ScopeGuard, SessionAuthenticator],
  exports: [ApiKeyGuard, KeyThrottlerGuard, ScopeGuard],
})
export class AccessModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(enterRequestMode(testKey))
      .forRoutes({ path: 'v1/*path', method: RequestMethod.ALL }, { path: 'mcp{/*path}', method: RequestMethod.ALL });
    consumer
      .apply(enterRequestMode(testModeQuery))
      .forRoutes(
        { path: 'developers/api/lists{/*path}', method: RequestMethod.ALL },
        { path: 'developers/api/webhooks{/*path}', method: RequestMethod.ALL },
        { path: 'developers/api/request-logs{/*path}', method: RequestMethod.ALL },
        { path: 'developers/api/events{/*path}', method: RequestMethod.ALL },
      );
    consumer.apply(enterRequestMode(always)).forRoutes({ path: 'developers/api/sandbox{/*path}', method: RequestMethod.ALL });
  }
}
