import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { PostOk } from '../../../common/http/decorators';
import { ShownOnceInterceptor } from '../../../common/http/shown-once';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * A `POST /v1/` route (200, as every POST of the contract) that honours `Idempotency-Key`
 * (API.md section 6). Every POST under /v1/ is declared with it: test/idempotency.e2e-spec.ts
 * reads the router and fails on one that is not. The interceptors sit on these routes only,
 * so reads pay for none of them:
 * - ShownOnceInterceptor (outer) puts a secret shown once (a new share link's token) back into
 *   the response after the stored copy was made without it;
 * - IdempotencyInterceptor (inner) runs the handler inside the key's claim and stores its
 *   data with it, or replays the stored data.
 */
export const IdempotentPost = (path?: string) =>
  applyDecorators(PostOk(path), UseInterceptors(ShownOnceInterceptor, IdempotencyInterceptor));
