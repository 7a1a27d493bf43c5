import type { ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { EnvelopeExpressAdapter } from './common/http/envelope-adapter';
import { limitHttpServer, ShutdownGate } from './common/http/http-server';
import { jsonBody } from './common/http/json-body.middleware';
import { only, series } from './common/http/middleware-series';
import { createHttpLogger } from './common/logging/logger';
import { OpenApiRoutes } from './docs/openapi';
import { RootLogger } from './common/logging/root-logger';

/**
 * Every request Express would route to the developer page or its API (`/developers` and below,
 * matched without regard to case, as Express matches a mount path), and a few more: any request
 * target that mentions the word. Nothing outside /developers reads cookies, so parsing them for a
 * stray extra request changes nothing, and a substring test cannot miss one of Express's matches.
 */
const mentionsDevelopers = (req: Request): boolean => /developers/i.test(req.url);

/**
 * Builds the whole HTTP application. main.ts and the e2e specs both go through here,
 * so the tests exercise exactly the middleware order that production runs.
 */
export async function createApp(
  config: AppConfig,
  logger: RootLogger,
  extra: Pick<ModuleMetadata, 'imports'> = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger, extra), new EnvelopeExpressAdapter(), {
    bodyParser: false,
    bufferLogs: true,
    // A failed start must not flush the buffer to Nest's coloured console: main.ts logs the error as JSON.
    autoFlushLogs: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.disable('x-powered-by');
  app.set('etag', false);
  limitHttpServer(app.getHttpServer(), {
    headersTimeoutMs: config.httpHeadersTimeoutMs,
    requestTimeoutMs: config.httpRequestTimeoutMs,
    keepAliveTimeoutMs: config.httpKeepAliveTimeoutMs,
    maxConnections: config.httpMaxConnections,
  });
  // Behind nginx (docker/compose.yaml) the client address comes from X-Forwarded-For, and
  // only from the proxies the operator trusts; the per-address limits depend on it.
  app.set('trust proxy', config.trustProxy);
  // Order matters: request id and request log first; after SIGTERM, requests are answered
  // 503 by the gate before anything reads them (see main.ts); then the body (size, syntax)
  // before any routing, as the contract's order of checks says. One Express layer for all of
  // them (middleware-series.ts): the router's dispatch per layer cost more than some of them.
  app.use(
    series<Request, Response>(
      createHttpLogger(logger.pino),
      app.get(ShutdownGate).middleware,
      // Only the developer page and its API use cookies (the session); /v1/ never reads them.
      only(mentionsDevelopers, cookieParser()),
      jsonBody(),
    ),
  );
  app.get(OpenApiRoutes).mountOn(app);
  return app;
}
