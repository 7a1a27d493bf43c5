import type { ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { EnvelopeExpressAdapter } from './common/http/envelope-adapter';
import { limitHttpServer, requireHost, ShutdownGate } from './common/http/http-server';
import { jsonBody } from './common/http/json-body.middleware';
import { createHttpLogger } from './common/logging/logger';
import { RepeatedFaults } from './common/logging/repeated-faults';
import { Clock } from './common/ports/clock';
import { OpenApiRoutes } from './docs/openapi';
import { RootLogger } from './common/logging/root-logger';
import { mcpBodyErrors } from './modules/mcp/http/mcp-exception.filter';
import { HttpMetrics } from './modules/metrics/http-metrics';

/**
 * Builds the whole HTTP application. main.ts and the e2e specs both go through here,
 * so the tests exercise exactly the middleware order that production runs.
 */
export async function createApp(
  config: AppConfig,
  logger: RootLogger,
  extra: Pick<ModuleMetadata, 'imports'> = {},
): Promise<NestExpressApplication> {
  const adapter = new EnvelopeExpressAdapter();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger, extra), adapter, {
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
    maxConnectionsPerAddress: config.httpMaxConnectionsPerAddress,
  });
  // Behind nginx (docker/compose.yaml) the client address comes from X-Forwarded-For, and
  // only from the proxies the operator trusts; the per-address limits depend on it.
  app.set('trust proxy', config.trustProxy);
  const gate = app.get(ShutdownGate);
  adapter.closeThrough(gate);
  // Order matters: request id and request log (and the metrics' count of the request) first; an HTTP/1.1 request without Host is a 400;
  // once shutdown has begun, requests are answered 503 by the gate before anything reads them;
  // then the body (size, syntax) before any routing, as the contract's order of checks says.
  // The metrics (METRICS_PORT) observe every request through the request log's hooks.
  app.use(
    createHttpLogger(logger.pino, new RepeatedFaults(app.get(Clock), logger.pino), config.metrics ? app.get(HttpMetrics) : undefined),
  );
  app.use(requireHost);
  app.use(gate.middleware);
  // Only the developer page and its API use cookies (the session); /v1/ never reads them.
  app.use('/developers', cookieParser());
  app.use(jsonBody());
  // MCP answers are JSON-RPC, not the envelope: the body parser's refusals on /mcp too.
  app.use('/mcp', mcpBodyErrors);
  app.get(OpenApiRoutes).mountOn(app);
  return app;
}
