import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
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
