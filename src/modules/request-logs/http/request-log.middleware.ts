import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { captureBody, capturedBody } from '../../../common/http/captured-body';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { Clock } from '../../../common/ports/clock';
import { RequestLogBuffer } from '../domain/request-log-buffer';

/** Where the middleware keeps a request's start on its response, until the answer finishes. */
const STARTED = Symbol('request log start');

type Logged = Response & { [STARTED]?: Date };

/**
 * Captures every /v1/ and /mcp request whose key was recognised (ApiKeyGuard put its principal
 * on the request), whatever its outcome, guard refusals included, into the instance's
 * RequestLogBuffer when its answer has finished. A Nest middleware, as KeyUsageMiddleware is,
 * rather than an interceptor: it sees the guards' refusals too, and adds to a request one
 * listener (one function made once, reading the request from the response), the start time
 * (the Clock port) and a mark asking the envelope's writer to keep the body's text
 * (captured-body.ts); the buffer only holds what it is given. Redaction and the statement
 * happen at the flush. A request whose connection closes before its answer is complete is not
 * logged.
 */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware<Request, Response> {
  private readonly finished: (this: Response) => void;

  constructor(
    buffer: RequestLogBuffer,
    private readonly clock: Clock,
  ) {
    this.finished = function (this: Logged): void {
      const request = this.req as Request & RequestWithPrincipal & { id?: unknown };
      const principal = request.principal;
      const startedAt = this[STARTED];
      if (principal === undefined || startedAt === undefined) return;
      buffer.add({
        mode: principal.mode,
        userId: principal.userId,
        keyId: principal.keyId,
        startedAt,
        durationMs: Math.max(0, clock.now().getTime() - startedAt.getTime()),
        method: request.method,
        route: routeOf(request),
        url: request.originalUrl,
        status: this.statusCode,
        requestId: typeof request.id === 'string' ? request.id : '',
        requestBody: request.body,
        responseBody: capturedBody(this),
      });
    };
  }

  use(_request: Request, response: Response, next: NextFunction): void {
    (response as Logged)[STARTED] = this.clock.now();
    captureBody(response);
    response.on('finish', this.finished);
    next();
  }
}

/**
 * The pattern of the route that answered (`/v1/lists/:id/items`), as Express matched it. A
 * request has a principal only once a route matched (the guards run on routes), so the
 * fallback is for safety and never shows a path, which may hold a token.
 */
function routeOf(request: Request): string {
  const path: unknown = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : '(no route)';
}
