import { type CallHandler, createParamDecorator, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { runInMode } from '../auth/mode-context';
import type { KeyMode, Principal, Viewer } from '../auth/principal';
import type { RequestWithPrincipal } from './principal';

/**
 * The developer page's caller on a route it shares with the API (@SessionOrKey): the signed-in
 * account, which sees every list of its own, in the mode the page works on. No key, so no
 * Idempotency-Key, rate limit or scope applies to it.
 */
export interface SessionCaller extends Viewer {
  mode: KeyMode;
  keyId?: undefined;
}

/** Who calls a route that takes a session or a key: the key's Principal, or the page's session. */
export type Caller = Principal | SessionCaller;

export interface RequestWithCaller extends RequestWithPrincipal {
  /** Set by ApiKeyGuard when the route's session, not a key, authenticated the request. */
  sessionCaller?: SessionCaller;
}

/** The caller of a @SessionOrKey() route, however it signed in. */
export const CurrentCaller = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const request = context.switchToHttp().getRequest<RequestWithCaller>();
  const caller = request.principal ?? request.sessionCaller;
  if (!caller) throw new Error('CurrentCaller used on a route without an authenticated caller');
  return caller;
});

/**
 * The handler's observable run in `mode`. Nest binds the handler, and the pipes before it, to the
 * async context in which `next.handle()` is called, so calling it inside runInMode carries the
 * mode into them; the context ends when the handler's observable does.
 */
export function handleInMode(mode: KeyMode, next: CallHandler): Observable<unknown> {
  return from(runInMode(mode, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
}

/**
 * Runs a session's request in the mode its caller works on, as KeyModeMiddleware runs a test
 * key's: the session is read in live mode (accounts and sessions are kept there), so the mode is
 * entered only once ApiKeyGuard has established the caller. A key's request is already in its mode.
 */
@Injectable()
export class SessionModeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const mode = context.switchToHttp().getRequest<RequestWithCaller>().sessionCaller?.mode;
    return mode === undefined || mode === 'live' ? next.handle() : handleInMode(mode, next);
  }
}
