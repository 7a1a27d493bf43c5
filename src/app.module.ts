import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { CommonModule } from './common/common.module';
import { EnvelopeExceptionFilter } from './common/http/envelope.filter';
import { createValidationPipe } from './common/http/validation';
import { OpenApiRoutes } from './docs/openapi';
import { errorSerializer } from './common/logging/logger';
import { RootLogger } from './common/logging/root-logger';
import { DatabaseModule } from './database/database.module';
import { AccessModule } from './modules/access/access.module';
import { ApiKeyGuard } from './modules/access/http/api-key.guard';
import { KeyThrottlerGuard } from './modules/access/http/key-throttler.guard';
import { ScopeGuard } from './modules/access/http/scope.guard';
import { throttlerOptions } from './modules/access/throttlers';
import { AuthModule } from './modules/auth/auth.module';
import { DevelopersModule } from './modules/developers/developers.module';
import { HealthModule } from './modules/health/health.module';
import { HomeModule } from './modules/home/home.module';
import { IdempotencyModule } from './modules/idempotency/idempotency.module';
import { EventsModule } from './modules/events/events.module';
import { ItemsModule } from './modules/items/items.module';
import { KeysModule } from './modules/keys/keys.module';
import { KeyUsageModule } from './modules/usage/key-usage.module';
import { RequestLogsModule } from './modules/request-logs/request-logs.module';
import { ListsModule } from './modules/lists/lists.module';
import { MailDeliveryModule } from './modules/mail/mail-delivery.module';
import { McpModule } from './modules/mcp/mcp.module';
import { ProfileModule } from './modules/profile/profile.module';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module';
import { SlidingWindowThrottlerStorage } from './modules/rate-limit/infrastructure/throttler/sliding-window-throttler.storage';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { SandboxModule } from './modules/sandbox/sandbox.module';
import { MetricsModule } from './modules/metrics/metrics.module';

@Module({})
export class AppModule {
  /** The configuration and logger are made before the module, by main.ts or a test. */
  static register(config: AppConfig, logger: RootLogger, extra: Pick<ModuleMetadata, 'imports'> = {}): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        // nestjs-pino routes Nest's Logger to the root pino logger. Its request middleware is off
        // (`forRoutes: []`): the request line is written by createHttpLogger, the first Express
        // middleware (docs/adr/0003-request-log-line-middleware.md). nestjs-pino derives its logger
        // through pino-http, which would put pino's own `err` serializer back (one that keeps a
        // failed statement's parameters): ours is passed again.
        LoggerModule.forRoot({
          pinoHttp: { logger: logger.pino, wrapSerializers: false, serializers: { err: errorSerializer } },
          useExisting: true,
          forRoutes: [],
        }),
        // The janitors' intervals (ScheduledSweep) live in its SchedulerRegistry.
        ScheduleModule.forRoot(),
        CommonModule,
        DatabaseModule,
        // @nestjs/throttler, counting in the exact rolling windows of RateLimitModule.
        ThrottlerModule.forRootAsync({
          imports: [RateLimitModule],
          inject: [AppConfig, SlidingWindowThrottlerStorage],
          useFactory: throttlerOptions,
        }),
        // Express tries routes in the order they were registered, which is this order: the
        // busiest (items, then the profile, the MCP server and lists) first, so their requests
        // are matched against fewer routes before their own.
        ItemsModule,
        ProfileModule,
        // The MCP server (/mcp): tools over the same services as the routes of the modules here.
        McpModule,
        ListsModule,
        EventsModule,
        WebhooksModule,
        HealthModule,
        HomeModule,
        AuthModule,
        KeysModule,
        KeyUsageModule,
        RequestLogsModule,
        RateLimitModule,
        AccessModule,
        IdempotencyModule,
        SandboxModule,
        // Sends the queued mail; its one route is the development mailbox.
        MailDeliveryModule,
        DevelopersModule,
        // Prometheus metrics on a port of their own, only when METRICS_PORT asks for them.
        ...(config.metrics ? [MetricsModule] : []),
        ...(extra.imports ?? []),
      ],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: RootLogger, useValue: logger },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
        // Global guards run in this order: who is calling (401, counted per client address and
        // 429 past RATE_LIMIT_UNAUTHENTICATED_MAX), then the rate limits (429), then the route's
        // key mode (@RequireMode) and scope (403), as the contract's order of checks requires (modules/access).
        { provide: APP_GUARD, useExisting: ApiKeyGuard },
        { provide: APP_GUARD, useExisting: KeyThrottlerGuard },
        { provide: APP_GUARD, useExisting: ScopeGuard },
        // No global interceptor: the envelope is added by the HTTP adapter (envelope-adapter.ts),
        // Idempotency-Key is handled on the POST /v1/ routes that take it (@IdempotentPost), and
        // a test key's request enters test mode in a middleware (modules/access).
        { provide: APP_PIPE, useFactory: createValidationPipe },
        OpenApiRoutes,
      ],
      exports: [AppConfig, RootLogger],
    };
  }
}
