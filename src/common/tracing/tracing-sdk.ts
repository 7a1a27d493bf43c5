import type { IncomingMessage, RequestOptions } from 'node:http';
import type { Attributes } from '@opentelemetry/api';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
import { loggablePath } from '../logging/logger';

/** The service name when `OTEL_SERVICE_NAME` (or `service.name` in `OTEL_RESOURCE_ATTRIBUTES`) does not name one. */
export const DEFAULT_SERVICE_NAME = 'todo-service';

/** How long the shutdown waits for the last spans to be exported: a dead collector must not hold the exit. */
const FLUSH_TIMEOUT_MS = 5_000;

export interface Tracing {
  /** Exports the spans still buffered and stops the SDK; resolves within FLUSH_TIMEOUT_MS whatever the collector does. */
  shutdown(): Promise<void>;
}

/**
 * An incoming request's path as the request log line shows it (loggablePath: a share token or
 * anything key-shaped masked), and its query string never: it may carry `?api_key=…`. The
 * instrumentation merges these over its own `url.path` and `url.query`.
 */
export function incomingUrlAttributes(request: IncomingMessage): Attributes {
  const url = request.url ?? '/';
  const attributes: Attributes = { 'url.path': loggablePath(url) };
  if (/[?]/.test(url)) attributes['url.query'] = '[redacted]';
  return attributes;
}

/**
 * An outgoing request (a webhook send) named by its origin only: a receiver's URL is chosen by
 * the webhook's owner, and its path or query may hold a token of theirs.
 */
export function outgoingUrlAttributes(options: RequestOptions): Attributes {
  const host = options.hostname ?? options.host ?? 'localhost';
  const port = options.port ? `:${options.port}` : '';
  return { 'url.full': `${options.protocol ?? 'http:'}//${host.includes(':') ? `[${host}]` : host}${port}` };
}

/**
 * Starts OpenTelemetry's Node SDK for traces, configured by its standard `OTEL_*` variables
 * (exporter, endpoint, protocol, headers, sampler, batching, resource). Loaded by src/tracing.ts
 * only when tracing is on, before Express, pg and ioredis are: an instrumentation patches a
 * module as it is required.
 *
 * Traces only: the service's metrics are Prometheus's (METRICS_PORT) and its logs are the JSON
 * lines on stdout, so the SDK's metric and log pipelines, which would otherwise default to OTLP,
 * are given none.
 *
 * Nothing secret reaches a span: SQL is recorded as the statement text with its placeholders
 * (`enhancedDatabaseReporting` off: no parameter values), Redis commands by name only (their
 * keys hold key hashes and client addresses), no header is recorded (the instrumentation records
 * none unless told), and URLs as above. Database and Redis calls outside a traced request or
 * send (the workers' and janitors' polling) make no spans of their own: `requireParentSpan`.
 */
export function startTracing(): Tracing {
  const sdk = new NodeSDK({
    // Merged under what the environment says (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES).
    resource: resources.defaultResource().merge(resources.resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME })),
    instrumentations: [
      new HttpInstrumentation({
        startIncomingSpanHook: incomingUrlAttributes,
        startOutgoingSpanHook: outgoingUrlAttributes,
      }),
      // Spans for the routers and the route handlers (Nest's controllers), whose route template
      // also names the server span; none for the application's own middleware (request log,
      // Host check, shutdown gate, body parser): each takes microseconds, and their spans would
      // triple the spans of every request. The request log line then reads the server span.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    shutdown: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
        timer.unref();
        sdk.shutdown().then(
          () => resolve(),
          () => resolve(),
        );
      }),
  };
}
