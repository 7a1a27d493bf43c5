import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSpanContextValid, type SpanContext, trace } from '@opentelemetry/api';
import pino, { DestinationStream, Logger } from 'pino';
import type { LogLevel } from '../../config/app-config';
import { classifyDatabaseFailure } from '../persistence/database-failure';
import type { RepeatedFaults } from './repeated-faults';

/**
 * Secrets that must never reach a log line. Redaction is pino's own (fast-redact),
 * applied to every line, so a new log call cannot leak them by accident.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.apiKey',
  '*.key',
  '*.token',
];

const REDACTED = '[redacted]';

// API keys (sk_live_/sk_test_ and anything after), scrypt password hashes, and any long
// high-entropy run of URL-safe characters: share and session tokens (43), SHA-256 hashes
// of keys, tokens and sessions (64 hex). UUIDs (ids, request ids) are left alone.
const API_KEY_SHAPE = /sk_(?:live|test)_[A-Za-z0-9]*/gi;
const PASSWORD_HASH_SHAPE = /scrypt\$[^\s"'\\]*/g;
const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text as it may be logged: anything shaped like a key, a token or a secret's hash is masked. */
export function maskSecrets(text: string): string {
  return text
    .replace(API_KEY_SHAPE, (key) => `${key.slice(0, 8)}${REDACTED}`)
    .replace(PASSWORD_HASH_SHAPE, `scrypt$${REDACTED}`)
    .replace(TOKEN_SHAPE, (run) => (UUID.test(run) || !/[0-9]/.test(run) || !/[A-Za-z]/.test(run) ? run : REDACTED));
}

/**
 * Fields of an error that carry the values of a statement, never logged: TypeORM's
 * QueryFailedError keeps the statement (`query`) and its `parameters` (password and key
 * hashes, tokens), and copies PostgreSQL's `detail` ("Key (…)=(…)", "Failing row contains
 * (…)"), `where` and `internalQuery` from the driver's error.
 */
const UNLOGGED_ERROR_FIELDS = new Set(['parameters', 'query', 'detail', 'where', 'internalQuery']);

function scrubbed(value: unknown, depth: number, unlogged: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth > 6) return '[nested]';
  if (Array.isArray(value)) return value.map((entry) => scrubbed(entry, depth + 1, unlogged));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!unlogged.has(key)) out[key] = scrubbed(field, depth + 1, unlogged);
  }
  return out;
}

/**
 * An expected fault (the database away, busy, timed out, read-only: a 503, a failed poll) is
 * described by its message and code; its stack is the driver's and says nothing an operator
 * can act on, and during an outage it would be most of the log.
 */
const UNLOGGED_FAULT_FIELDS = new Set([...UNLOGGED_ERROR_FIELDS, 'stack']);

/**
 * The `err` serializer of every logger (pino's standard one, then scrubbed): no statement
 * or its parameters, at any depth (`driverError`, `cause`), and secret-shaped text masked
 * in messages and stacks; no stack for an expected database fault.
 */
export function errorSerializer(err: unknown): unknown {
  const unlogged = classifyDatabaseFailure(err) ? UNLOGGED_FAULT_FIELDS : UNLOGGED_ERROR_FIELDS;
  // An error may arrive already serialized (by a library that logs through pino); else it is the error itself.
  return scrubbed(err instanceof Error ? pino.stdSerializers.err(err) : err, 0, unlogged);
}

export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'todo-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorSerializer },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

// A share link's token is a bearer secret in the path: whoever reads it can join the list.
const SHARE_TOKEN_IN_PATH = /(\/shares\/)[^/]+(\/join)/gi;

/**
 * A request URL as it may be logged: the path only (a query string is never logged: it may
 * carry `?api_key=…`), the share-join token masked, and any other path segment shaped like a
 * key, token or hash masked too.
 */
export const loggablePath = (url: string): string => {
  const path = url.replace(/[?#].*$/s, '').replace(SHARE_TOKEN_IN_PATH, `$1${REDACTED}$2`);
  // Nothing secret-shaped can be in a path without one of these (see maskSecrets): most
  // paths (ids are UUIDs) skip the per-segment decoding and masking.
  if (!MAYBE_SECRET_IN_PATH.test(path)) return path;
  return path
    .split('/')
    .map((segment) => (maskSecrets(safeDecode(segment)) === safeDecode(segment) ? segment : REDACTED))
    .join('/');
};

/** A percent sign (an encoded segment may hide anything), or a piece of a key, hash or token shape. */
const MAYBE_SECRET_IN_PATH = /%|sk_|scrypt\$|[A-Za-z0-9_-]{40}/i;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Echo a client's X-Request-Id when it is safe to put in logs and headers, else mint one. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** What the request log line needs to know about a response answered for an expected fault. */
const EXPECTED_FAULT = Symbol('expected fault');

export interface ExpectedFault {
  /** The kind of fault, which repeated lines are counted by ("database unavailable (unreachable)"). */
  kind: string;
  /** The cause's message, on the line of the first occurrence. */
  cause?: string;
}

/**
 * Says that `res` answers an expected fault (the database away, the service not ready): its
 * request line is a warning without a stack, and repeated ones are counted into one summary line
 * per kind (RepeatedFaults) rather than written one by one. Set by the exception filters.
 */
export function markExpectedFault(res: ServerResponse, fault: ExpectedFault): void {
  (res as ServerResponse & { [EXPECTED_FAULT]?: ExpectedFault })[EXPECTED_FAULT] = fault;
}

function expectedFaultOf(res: ServerResponse): ExpectedFault | undefined {
  return (res as ServerResponse & { [EXPECTED_FAULT]?: ExpectedFault })[EXPECTED_FAULT];
}

/** The unit of the summary line of requests answered for an expected fault. */
export const FAULT_REQUESTS = 'requests answered 503';

/**
 * Told of every request the request-log middleware sees: when it arrives, and once when it
 * ends (its response finished, or its connection closed first). The metrics (HttpMetrics) are
 * one; with none, the middleware does nothing more than write its line.
 */
export interface RequestObserver {
  arrived(): void;
  /** `seconds`: from arrival to the end, on the monotonic clock. */
  ended(req: IncomingMessage, res: ServerResponse, seconds: number): void;
}

/**
 * One JSON line per request: method, path, status, duration (ms), request id and client
 * address, in the shape pino-http writes (`reqId`, `req`, `res`, `duration_ms`), and, when
 * tracing is on, the request's `trace_id` and `span_id` (its server span). No headers:
 * they carry credentials and cookies, and masking every header of every request would cost
 * more than the rest of the line.
 *
 * The first Express middleware (app.factory.ts), so that every answer has its request id and
 * its line, those given before routing included (the shutdown gate's 503, a refused body).
 * Written here rather than by nestjs-pino's pino-http middleware, which Nest mounts after the
 * application's own middleware and which makes two child loggers per request, one bound
 * through AsyncLocalStorage for `req.log`, which nothing here uses (errors carry `reqId`
 * themselves, see envelope.filter.ts): docs/adr/0003-request-log-line-middleware.md.
 *
 * The path is the request's as it arrived, read here before any other middleware runs: Express
 * strips the mount path from `req.url` while middleware mounted under a prefix (`/mcp`,
 * `/developers`) runs, and an answer given there would otherwise be logged as `/`.
 *
 * A response marked as answering an expected fault (markExpectedFault: a 503 because the
 * database is away) is a warning without a stack; only the first of its kind in an outage is
 * written, the others are counted by `faults` into one summary line per kind every 10 s, so an
 * outage under load writes a few lines rather than two per request.
 *
 * Its info and warn lines skip pino's redaction: they hold only the fields built here (an id
 * of a safe shape, the method, the path as loggablePath masks it, the address, the status and
 * the duration), none of which a redacted path (REDACTED_PATHS) can name, so redaction could
 * only copy the line and find nothing, at about half the line's cost. A line with an error goes
 * through the root logger, redaction and all.
 *
 * `observer` (the metrics, when METRICS_PORT is set) shares the line's start and end hooks,
 * rather than adding a middleware and listeners of its own to every request
 * (docs/adr/0010-http-metrics-counted-beside-prom-client.md).
 */
export function createHttpLogger(
  logger: Logger,
  faults: RepeatedFaults,
  observer?: RequestObserver,
): (req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void) => void {
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const started = performance.now();
    const id = requestIdFor(req, res);
    const url = req.url ?? '';
    req.id = id;
    // The request's server span, read here where the HTTP instrumentation has made it the
    // active one (the response's events may fire outside its context). Without the SDK the
    // API has no context to read and answers undefined.
    const span = trace.getActiveSpan()?.spanContext();
    observer?.arrived();
    const done = (err?: unknown): void => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const elapsedMs = performance.now() - started;
      observer?.ended(req, res, elapsedMs / 1000);
      logRequest(logger, lines, faults, req, url, res, id, Math.round(elapsedMs), err, span);
    };
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
    next();
  };
}

function logRequest(
  logger: Logger,
  lines: Logger,
  faults: RepeatedFaults,
  req: IncomingMessage,
  url: string,
  res: ServerResponse,
  id: string,
  durationMs: number,
  err: unknown,
  span: SpanContext | undefined,
): void {
  const status = res.statusCode;
  const fault = err ? undefined : expectedFaultOf(res);
  if (fault && !faults.occurred(fault.kind, FAULT_REQUESTS)) return;
  const path = loggablePath(url);
  const line: Record<string, unknown> = {
    reqId: id,
    req: { id, method: req.method, path, remote_address: req.socket?.remoteAddress },
    res: { status },
    duration_ms: durationMs,
  };
  if (span && isSpanContextValid(span)) {
    line.trace_id = span.traceId;
    line.span_id = span.spanId;
  }
  if (fault) {
    // The cause is a driver's message: masked like an error's.
    const cause = fault.cause === undefined ? undefined : maskSecrets(fault.cause);
    lines.warn({ ...line, fault: fault.kind, cause }, `${req.method} ${path} ${status} ${durationMs}ms (${fault.kind})`);
  } else if (err || status >= 500) {
    line.err = err ?? new Error(`failed with status code ${status}`);
    logger.error(line, `${req.method} ${path} ${status}`);
  } else {
    lines[status >= 400 ? 'warn' : 'info'](line, `${req.method} ${path} ${status} ${durationMs}ms`);
  }
}
