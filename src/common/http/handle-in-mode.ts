import type { CallHandler } from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { runInMode } from '../auth/mode-context';
import type { KeyMode } from '../auth/principal';

/**
 * A handler's observable run in `mode`, for the interceptors that choose a request's mode (the
 * key's, or the developer page's `?mode=`). Nest binds the handler, and the pipes before it, to
 * the async context in which `next.handle()` is called, so calling it inside runInMode carries
 * the mode into them. The context ends when the handler's observable does, not when the
 * response closes, so a handler still running after its client went away keeps its mode.
 */
export function handleInMode(mode: KeyMode, next: CallHandler): Observable<unknown> {
  return from(runInMode(mode, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
}
