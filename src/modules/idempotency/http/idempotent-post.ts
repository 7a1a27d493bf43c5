import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { PostOk } from '../../../common/http/decorators';
import { ShownOnceInterceptor } from '../../../common/http/shown-once';
import { IdempotencyInterceptor } from './idempotency.interceptor';

export interface IdempotentPostOptions {
  /**
   * The answer carries a secret shown once (shownOnce(): a new share link's token, a webhook's
   * signing secret): ShownOnceInterceptor puts it back after the idempotency layer stored the
   * answer without it. Without this option such a secret would be answered as null, never leaked.
   */
  showsSecretOnce?: boolean;
}

/**
 * A `POST /v1/` route (200, as every POST of the contract) that honours `Idempotency-Key`
 * (API.md section 6). Every POST under /v1/ is declared with it: test/idempotency.e2e-spec.ts
 * reads the router and fails on one that is not. The interceptors sit on these routes only,
 * so reads pay for none of them:
 * - ShownOnceInterceptor (outer), only on the routes whose answer shows a secret once
 *   (`showsSecretOnce`): each interceptor wraps a request in its own rxjs pipeline, and it
 *   also walks the whole answer (README, "Where the time goes");
 * - IdempotencyInterceptor (inner) runs the handler inside the key's claim and stores its
 *   data with it, or replays the stored data.
 */
export const IdempotentPost = (path?: string, options: IdempotentPostOptions = {}) =>
  applyDecorators(
    PostOk(path),
    options.showsSecretOnce ? UseInterceptors(ShownOnceInterceptor, IdempotencyInterceptor) : UseInterceptors(IdempotencyInterceptor),
  );
