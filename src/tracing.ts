import type { Tracing } from './common/tracing/tracing-sdk';
import { ConfigError, tracingEnabled } from './config/app-config';

/**
 * The first module main.ts loads. When tracing is configured (`OTEL_TRACES_EXPORTER` or an OTLP
 * endpoint, see tracingEnabled) it starts OpenTelemetry's SDK here, before anything requires
 * Express, pg or ioredis, which the SDK's instrumentations patch as they are loaded. When it is
 * not, no module of the SDK is loaded at all: the request path then meets only
 * `@opentelemetry/api`'s no-op (the request log line asks it for the active span).
 */
function start(): Tracing | undefined {
  try {
    if (!tracingEnabled(process.env)) return undefined;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // require, not import: the SDK is loaded only when tracing is on.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
  const sdk = require('./common/tracing/tracing-sdk') as typeof import('./common/tracing/tracing-sdk');
  return sdk.startTracing();
}

/** The running SDK, to flush and stop in the shutdown path; undefined when tracing is off. */
export const tracing = start();
