import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { DestinationStream, Logger } from 'pino';
import pinoHttp, { Options as PinoHttpOptions } from 'pino-http';
import type { LogLevel } from '../../config/app-config';

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

export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'todo-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}

// A share link's token is a bearer secret in the path: whoever reads it can join the list.
const SHARE_TOKEN_IN_PATH = /(\/shares\/)[^/?#]+(\/join)/gi;

/** A request path as it may be logged: secrets carried in the path are masked. */
export const loggablePath = (path: string): string => path.replace(SHARE_TOKEN_IN_PATH, '$1[redacted]$2');

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Echo a client's X-Request-Id when it is safe to put in logs and headers, else mint one. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** One JSON line per request: method, path, status, duration (ms) and request id. */
export function createHttpLogger(logger: Logger) {
  const options: PinoHttpOptions = {
    logger,
    genReqId: requestIdFor,
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res, time) => `${req.method} ${loggablePath(req.url ?? '')} ${res.statusCode} ${Math.round(time)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${loggablePath(req.url ?? '')} ${res.statusCode}`,
    customAttributeKeys: { responseTime: 'duration_ms' },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown>; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.url),
        headers: req.headers,
        remote_address: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  };
  return pinoHttp(options);
}
