import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { RateLimited } from '../../../common/errors/domain-error';
import { describe, expectedFault } from '../../../common/http/envelope.filter';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { loggablePath, markExpectedFault } from '../../../common/logging/logger';
import { isToolCall, sendJsonRpcError, sendToolError } from './json-rpc';

/** RFC 6750's challenge: no error code when no key was sent, `invalid_token` for one that is not valid. */
const challenge = (request: Request): string =>
  request.headers['x-api-key'] === undefined && request.headers.authorization === undefined
    ? 'Bearer realm="mcp"'
    : 'Bearer realm="mcp", error="invalid_token"';

/**
 * What the guards and the route refuse on /mcp, in MCP's shapes rather than the envelope (API.md
 * section 11): a key that is missing, invalid, revoked or expired is HTTP 401 with
 * `WWW-Authenticate: Bearer` and a JSON-RPC error, so that a client can ask its user for a new
 * key; a key refused by its addresses is HTTP 403. The key's rate limit on a `tools/call` is a
 * tool result with `isError` and the API's message (with the seconds to wait); on any other
 * message (initialize, tools/list, notifications) it stays HTTP 429 with Retry-After and a
 * JSON-RPC error, as those have no tool result to carry it. Everything else keeps its status.
 */
@Catch()
export class McpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request & RequestWithPrincipal & { id?: unknown }>();
    const response = http.getResponse<Response>();
    const described = describe(exception, request);
    if (described.unexpected) {
      this.logger.error(
        { err: exception, reqId: request.id, method: request.method, path: loggablePath(request.originalUrl) },
        'unexpected failure',
      );
    } else if (described.status === Number(HttpStatus.SERVICE_UNAVAILABLE)) {
      markExpectedFault(response, expectedFault(exception));
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof RateLimited && request.principal && isToolCall(request.body)) {
      sendToolError(response, request.body, described.message, described.status);
      return;
    }
    if (described.status === Number(HttpStatus.UNAUTHORIZED)) response.setHeader('WWW-Authenticate', challenge(request));
    sendJsonRpcError(response, described, request.body);
  }
}

/**
 * The body parser's refusals on /mcp (too large, not JSON, not an object), which happen before
 * routing: a JSON-RPC error (a parse error for malformed JSON) with the status the envelope would
 * have had. Mounted by app.factory.ts right after the body parser.
 */
export function mcpBodyErrors(error: unknown, request: Request, response: Response, next: NextFunction): void {
  if (response.headersSent) return next(error);
  const described = describe(error, request);
  const parseFailed = (error as { type?: unknown })?.type === 'entity.parse.failed';
  sendJsonRpcError(response, described, undefined, parseFailed);
}
