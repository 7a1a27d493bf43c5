import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, type Observable } from 'rxjs';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { revealShownOnce } from '../../../common/http/shown-once';
import { createValidationPipe } from '../../../common/http/validation';
import { IdempotencyService } from '../domain/idempotency.service';
import { fingerprintRequest, readIdempotencyKey, routeOperation } from '../idempotent-request';
import { type BodyJudge, routeBodyJudge } from './route-body';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Metadata on every handler declared with @IdempotentPost (test/idempotency.e2e-spec.ts reads the router for it). */
export const IDEMPOTENT_POST_METADATA = 'todo:idempotent-post';

export interface IdempotentPostOptions {
  /**
   * The answer carries a secret shown once (shownOnce(): a new share link's token, a webhook's
   * signing secret): it is put back after the idempotency layer stored the answer without it.
   * Without this option such a secret would be answered as null, never leaked.
   */
  showsSecretOnce?: boolean;
  /**
   * The name the route's requests are fingerprinted under instead of its method and path (a
   * query, if any, still follows it): for an operation that another caller (an MCP tool) runs
   * too and names the same, so that a key used through either replays one record. Only for a
   * route without path parameters, which the name would leave out.
   */
  operation?: string;
}

/** What the interceptor needs of a route, worked out at its first request. */
interface IdempotentRoute {
  reveal: ((data: unknown) => unknown) | undefined;
  operation: string | undefined;
  judgeBody: BodyJudge;
}

/**
 * Runs the handler inside the key's claim and stores its data with it, or replays the stored
 * data (API.md, Idempotency); with no key (or no caller: not a /v1/ request) it just runs it,
 * revealing a secret shown once. The body is judged before the key, as the contract says: an
 * interceptor runs before the pipes, so it runs the route's body pipes first (route-body.ts),
 * and a body the route refuses is its 400 whatever the key, before any record is read.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  /** The pipe app.module.ts registers as APP_PIPE: the same validation, built by the same function. */
  private readonly globalPipes = [createValidationPipe()];
  /** Keyed by handler: decorators do not change once the application runs. */
  private readonly routes = new WeakMap<object, IdempotentRoute>();

  constructor(private readonly service: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.routeOf(context);
    const http = context.switchToHttp();
    const request = http.getRequest<Request & RequestWithPrincipal>();
    const header = request.principal ? request.headers['idempotency-key'] : undefined;
    if (header === undefined) return route.reveal ? next.handle().pipe(map(route.reveal)) : next.handle();
    return from(this.claimed(route, request, http.getResponse<Response>(), header, next));
  }

  private async claimed(
    route: IdempotentRoute,
    request: Request & RequestWithPrincipal,
    response: Response,
    header: string | string[],
    next: CallHandler,
  ): Promise<unknown> {
    await route.judgeBody(request.body);
    const key = readIdempotencyKey(header)!;
    const fingerprint = fingerprintRequest(operationOf(route, request), request.body);
    // The handler's pipeline is started inside the claim's unit of work, so the handler runs in its transaction.
    const outcome = await this.service.execute({ userId: request.principal!.userId, key, fingerprint }, () => lastValueFrom(next.handle()));
    if (outcome.replayed) response.setHeader(REPLAYED_HEADER, 'true');
    return route.reveal ? route.reveal(outcome.response) : outcome.response;
  }

  private routeOf(context: ExecutionContext): IdempotentRoute {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const options = (Reflect.getMetadata(IDEMPOTENT_POST_METADATA, handler) ?? {}) as IdempotentPostOptions;
      route = {
        reveal: options.showsSecretOnce ? revealShownOnce : undefined,
        operation: options.operation,
        judgeBody: routeBodyJudge(context.getClass<Type>(), handler.name, this.globalPipes),
      };
      this.routes.set(handler, route);
    }
    return route;
  }
}

function operationOf(route: IdempotentRoute, request: Request): string {
  if (route.operation === undefined) return routeOperation(request.method, request.originalUrl);
  const query = request.originalUrl.indexOf('?');
  return query < 0 ? route.operation : `${route.operation}${request.originalUrl.slice(query)}`;
}
