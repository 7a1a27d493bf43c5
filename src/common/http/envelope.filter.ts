import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, ErrorKind } from '../errors/domain-error';
import { classifyDatabaseFailure, DatabaseFailure } from '../persistence/database-failure';
import { failureJson, sendEnvelope } from './envelope';
import { ExpectedFault, loggablePath, markExpectedFault } from '../logging/logger';

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  rule: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  gone: HttpStatus.GONE,
  precondition_failed: HttpStatus.PRECONDITION_FAILED,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

const unavailable = (message: string, retryAfterS: number): Described => ({
  status: HttpStatus.SERVICE_UNAVAILABLE,
  message: `Service temporarily unavailable: ${message}`,
  headers: { 'Retry-After': String(retryAfterS) },
});

/**
 * A 503 says what kind of trouble it is, so that an operator (and a client choosing
 * how long to back off) can tell an outage from a queue: `busy` is not an outage.
 */
const DATABASE_FAILURES: Record<DatabaseFailure, Described> = {
  unreachable: unavailable('the database cannot be reached; retry shortly', 5),
  busy: unavailable('the service is busy; retry shortly', 1),
  timed_out: unavailable('the database did not answer in time; retry shortly', 1),
  read_only: unavailable('the database is read-only (maintenance or failover); retry later', 5),
};

export const BODY_LIMIT_BYTES = 256 * 1024;

export interface Described {
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** Whether the cause is unexpected and must be logged with its stack. */
  unexpected?: boolean;
}

/** Errors raised by the JSON body parser carry a `type` and a `status` (see body-parser). */
interface BodyParserError {
  type: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as BodyParserError).type === 'string' &&
    typeof ((error as BodyParserError).status ?? (error as BodyParserError).statusCode) === 'number'
  );
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * Nest wraps what Express middleware and the router raise (body-parser's http-errors, the
 * URIError of a malformed percent-encoding in a path) in an HttpException; the cause says more.
 */
function causeWorthDescribing(exception: unknown): unknown {
  if (!(exception instanceof HttpException)) return undefined;
  const cause = exception.cause;
  if (cause instanceof DomainError || cause instanceof URIError || isBodyParserError(cause)) return cause;
  return undefined;
}

/**
 * The kind of an expected 503, which the request log line counts repeated ones by: a database
 * failure by its class (unreachable, busy, timed out, read-only), anything else by its code.
 */
export function expectedFault(exception: unknown): ExpectedFault {
  const cause = causeWorthDescribing(exception) ?? exception;
  const failure = classifyDatabaseFailure(cause);
  const message = (cause as Error | undefined)?.message;
  if (failure) return { kind: `database unavailable (${failure})`, cause: message };
  if (cause instanceof DomainError) return { kind: `unavailable (${cause.code})`, cause: message };
  return { kind: 'unavailable', cause: message };
}

export function describe(exception: unknown, request?: Request): Described {
  const cause = causeWorthDescribing(exception);
  if (cause !== undefined) return describe(cause, request);
  if (exception instanceof URIError && (exception as URIError & { status?: number }).status === HttpStatus.BAD_REQUEST) {
    // Express could not decode a path parameter: a malformed id is simply not found (API.md section 2).
    return { status: HttpStatus.NOT_FOUND, message: 'Not found: the path holds a malformed percent-encoding' };
  }
  if (exception instanceof DomainError) {
    return { status: STATUS_OF_KIND[exception.kind], message: exception.message, headers: exception.headers };
  }
  const databaseFailure = classifyDatabaseFailure(exception);
  if (databaseFailure) return DATABASE_FAILURES[databaseFailure];
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', unexpected: true };
    if (status === Number(HttpStatus.NOT_FOUND) && request && /^Cannot [A-Z]+ /.test(messageOf(exception))) {
      return { status, message: `No route for ${request.method} ${request.path}` };
    }
    if (status === Number(HttpStatus.PAYLOAD_TOO_LARGE)) {
      return { status, message: `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB` };
    }
    return { status, message: messageOf(exception) };
  }
  if (isBodyParserError(exception)) {
    switch (exception.type) {
      case 'entity.too.large':
        return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB` };
      case 'entity.parse.failed':
        return { status: HttpStatus.BAD_REQUEST, message: 'Request body is not valid JSON' };
      case 'charset.unsupported':
        return { status: HttpStatus.BAD_REQUEST, message: 'Request body must be UTF-8 encoded JSON: declare charset=utf-8, or no charset' };
      case 'encoding.unsupported':
        return {
          status: HttpStatus.BAD_REQUEST,
          message: 'Content-Encoding is not supported: send the body uncompressed (identity), or as gzip, deflate or br',
        };
      case 'request.aborted':
      case 'request.size.invalid':
        return { status: HttpStatus.BAD_REQUEST, message: 'Request body was incomplete' };
      default: {
        const status = exception.status ?? exception.statusCode ?? 400;
        if (status < 500 && exception.expose) return { status, message: exception.message };
      }
    }
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', unexpected: true };
}

/**
 * Where failures raised while a request is handled become responses: every error, whether
 * thrown by a service, by Nest itself (unknown route), or by the body parser, leaves as
 * `{data: null, error}` (written by envelope.ts) with the status its kind implies. Unexpected failures are
 * logged with their cause and the request id, and answered with a generic 500.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request & { id?: unknown }>();
    const response = http.getResponse<Response>();
    const described = describe(exception, request);

    if (described.unexpected) {
      const context = { err: exception, reqId: request?.id, method: request?.method, path: request && loggablePath(request.originalUrl) };
      this.logger.error(context, 'unexpected failure');
    } else if (described.status === Number(HttpStatus.SERVICE_UNAVAILABLE)) {
      // Expected while the database is away: the request's own line says so, as a warning.
      markExpectedFault(response, expectedFault(exception));
    }

    if (response.headersSent) {
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(described.headers ?? {})) response.setHeader(name, value);
    sendEnvelope(response, described.status, failureJson(described.message));
  }
}
