import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { runInMode } from '../../../common/auth/mode-context';
import type { RequestWithPrincipal } from '../../../common/http/principal';

/**
 * Runs each request's handler in its key's mode (API.md, "Test mode"): a `sk_test_` key's
 * handler, and every statement it sends, work on the sandbox's schema (mode-data-sources.ts).
 * Interceptors run after the guards, so the principal is known; Nest binds the handler to the
 * async context in which `next.handle()` is called, so calling it inside runInMode carries the
 * mode into the handler. The context ends when the handler's observable does, not when the
 * response closes, so a handler still running after its client went away keeps its mode.
 *
 * Live requests and those without a key pass through as they are.
 */
@Injectable()
export class ModeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const mode = context.getArgByIndex<RequestWithPrincipal>(0).principal?.mode;
    if (mode !== 'test') return next.handle();
    return from(runInMode(mode, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
