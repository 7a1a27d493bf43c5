import { applyDecorators, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PostOk } from '../../common/http/decorators';
import type { RequestWithPrincipal } from '../../common/http/principal';
import { revealShownOnce } from '../../common/http/shown-once';
import type { IdempotencyService } from './domain/idempotency.service';
import { fingerprintRequest, readIdempotencyKey, routeOperation } from './idempotent-request';

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
}

/**
 * The IdempotencyService of each Express application (IdempotencyModule registers it when the
 * application is made): a handler finds it through its request, so that two applications in
 * one process (tests, the operator command) never share one.
 */
const services = new WeakMap<object, IdempotencyService>();

export function serveIdempotency(app: object, service: IdempotencyService): void {
  services.set(app, service);
}

type Handler = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Runs the handler inside the key's claim and stores its data with it, or replays the stored
 * data (API.md section 6); with no key (or no caller: not a /v1/ request) it just runs it.
 * A wrapper of the handler rather than an interceptor (docs/adr/0015-idempotency-wraps-the-handler.md):
 * Nest builds an rxjs pipeline per request for a route with any interceptor, which costs an add
 * of one item about a tenth of its rate. It runs after the guards and the validation pipes, so
 * a body the contract refuses is a 400 before its key is looked at (docs/API.md, Idempotency).
 */
function idempotentHandler(options: IdempotentPostOptions): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = descriptor.value as unknown as Handler;
    // The request rides behind the handler's own parameters.
    const at = (Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined)?.length ?? handler.length;
    Req()(target, key, at);
    const reveal = options.showsSecretOnce ? revealShownOnce : undefined;
    const wrapped: Handler = async function (this: unknown, ...args: unknown[]) {
      const request = args[at] as Request & RequestWithPrincipal;
      const idempotencyKey = request.principal ? readIdempotencyKey(request.headers['idempotency-key']) : undefined;
      if (idempotencyKey === undefined) return reveal ? reveal(await handler.apply(this, args)) : handler.apply(this, args);

      const service = services.get(request.app);
      if (!service) throw new Error('no IdempotencyService for this application: is IdempotencyModule imported?');
      const outcome = await service.execute(
        {
          userId: request.principal!.userId,
          key: idempotencyKey,
          fingerprint: fingerprintRequest(routeOperation(request.method, request.originalUrl), request.body),
        },
        async () => handler.apply(this, args),
      );
      if (outcome.replayed) request.res!.setHeader(REPLAYED_HEADER, 'true');
      return reveal ? reveal(outcome.response) : outcome.response;
    };
    // What the decorators below this one said of the handler (scope, OpenAPI) now belongs to the wrapper.
    for (const metadataKey of Reflect.getOwnMetadataKeys(handler)) {
      Reflect.defineMetadata(metadataKey, Reflect.getOwnMetadata(metadataKey, handler), wrapped);
    }
    Reflect.defineMetadata(IDEMPOTENT_POST_METADATA, options, wrapped);
    Object.defineProperty(wrapped, 'name', { value: handler.name });
    (descriptor as TypedPropertyDescriptor<unknown>).value = wrapped;
  };
}

/**
 * A `POST /v1/` route (200, as every POST of the contract) that honours `Idempotency-Key`
 * (API.md section 6). Every POST under /v1/ is declared with it: test/idempotency.e2e-spec.ts
 * reads the router and fails on one that is not. It must be the topmost decorator of the
 * method, so that it wraps the handler the others described.
 */
export const IdempotentPost = (path?: string, options: IdempotentPostOptions = {}) =>
  applyDecorators(idempotentHandler(options), PostOk(path));
