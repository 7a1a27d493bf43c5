import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { PostOk } from '../../common/http/decorators';
import { IDEMPOTENT_POST_METADATA, IdempotencyInterceptor, type IdempotentPostOptions } from './http/idempotency.interceptor';

export { IDEMPOTENT_POST_METADATA, REPLAYED_HEADER, type IdempotentPostOptions } from './http/idempotency.interceptor';

/**
 * A `POST /v1/` route (200, as every POST of the contract) that honours `Idempotency-Key`
 * (API.md, Idempotency) through IdempotencyInterceptor. Every POST under /v1/ is declared with
 * it: test/idempotency.e2e-spec.ts reads the router and fails on one that is not. Each part
 * is metadata on the handler, so it goes anywhere among the method's decorators. The module
 * whose controller uses it imports IdempotencyModule, whose service the interceptor takes.
 */
export const IdempotentPost = (path?: string, options: IdempotentPostOptions = {}) =>
  applyDecorators(PostOk(path), SetMetadata(IDEMPOTENT_POST_METADATA, options), UseInterceptors(IdempotencyInterceptor));
