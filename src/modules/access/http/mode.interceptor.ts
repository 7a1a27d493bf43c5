import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { handleInMode } from '../../../common/http/handle-in-mode';
import type { RequestWithPrincipal } from '../../../common/http/principal';

/**
 * Runs each request's handler in its key's mode (API.md, "Test mode"): a `sk_test_` key's
 * handler, and every statement it sends, work on the sandbox's schema (mode-data-sources.ts).
 * Interceptors run after the guards, so the principal is known.
 *
 * Live requests and those without a key pass through as they are.
 */
@Injectable()
export class ModeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const mode = context.getArgByIndex<RequestWithPrincipal>(0).principal?.mode;
    if (mode !== 'test') return next.handle();
    return handleInMode(mode, next);
  }
}
