import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, minutes, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { RateLimited, Unauthenticated } from '../../../common/errors/domain-error';
import { clientAddress, clientIp } from '../../../common/http/client-address';
import { routeAccess } from '../../../common/http/decorators';
import type { Principal, RequestWithPrincipal } from '../../../common/http/principal';
import { requestMode, type RequestWithMode } from '../../../common/http/request-mode';
import { AppConfig } from '../../../config/app-config';
import { AddressRanges } from '../../keys/domain/address-ranges';
import { AddressNotAllowed, InvalidApiKey } from '../../keys/domain/keys.errors';
import { KeyAuthenticator } from '../../keys/domain/key-authenticator';
import type { RequestWithCaller } from '../../../common/http/caller';
import { onSessionPath } from '../../../common/http/session-cookie';
import { SessionAuthenticator } from './session-authenticator';

/** The credentials of `Authorization: Bearer <token>`, on the routes that take them (@AcceptBearerKey). */
function bearerToken(request: Request): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The rolling window of the per-address limit on would-be 401s. */
export const UNAUTHENTICATED_WINDOW_MS = minutes(1);

/** The name under which would-be 401s are counted, per client address, in the throttler storage. */
export const UNAUTHENTICATED = 'unauthenticated';

/**
 * The first global guard: who is calling. Every route that is not @Public() needs a valid
 * X-API-Key (401), or on a route declared with @AcceptBearerKey an `Authorization: Bearer` key; the caller's Principal is put on the request for the guards and handlers
 * after it.
 *
 * Each would-be 401 counts against the client's address, and past RATE_LIMIT_UNAUTHENTICATED_MAX
 * a minute the answer becomes 429 instead, so keys cannot be guessed at speed. Only failures
 * count, which a ThrottlerGuard (it counts every request it sees) cannot express, so this guard
 * counts them itself, in the same throttler storage. A valid key is never refused by that count:
 * a client sharing an address with a guesser is limited only by its own key.
 *
 * On the developer page's path of a route it shares with the API (@SessionOrKey), the caller is
 * the page's session instead (SessionAuthenticator), and the guards after this one let it pass.
 *
 * A key restricted to some addresses (`allowed_ips`) used from elsewhere is a 403 decided here,
 * right after the key is recognised: before KeyThrottlerGuard counts the request, so a stolen
 * key used from outside cannot exhaust its owner's rate limit.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly unauthenticatedLimit: number;

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeyAuthenticator,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly addresses: AddressRanges,
    config: AppConfig,
    private readonly sessions: SessionAuthenticator,
  ) {
    this.unauthenticatedLimit = config.rateLimitUnauthenticatedMax;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const { isPublic, bearer, session, mode } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    const request = context.getArgByIndex<Request & RequestWithCaller & RequestWithMode>(0);
    // A route the developer page shares (@SessionOrKey) takes its session on the page's path, never a key there.
    if (session && onSessionPath(request)) return this.sessions.authenticate(request, mode);
    return this.authenticate(request, bearer);
  }

  private async authenticate(request: Request & RequestWithPrincipal & RequestWithMode, bearer: boolean): Promise<boolean> {
    const header = request.headers['x-api-key'];
    let principal: Principal;
    try {
      principal = await this.keys.authenticate(typeof header === 'string' ? header : bearer ? bearerToken(request) : undefined);
    } catch (error) {
      if (error instanceof Unauthenticated) {
        const record = await this.storage.increment(
          `${UNAUTHENTICATED}:${clientAddress(request)}`,
          UNAUTHENTICATED_WINDOW_MS,
          this.unauthenticatedLimit,
          UNAUTHENTICATED_WINDOW_MS,
          UNAUTHENTICATED,
        );
        if (record.isBlocked) throw new RateLimited(record.timeToBlockExpire);
      }
      throw error;
    }
    // The request runs in the mode its key's prefix names (enterRequestMode); a key is issued
    // with its mode's prefix, so this holds unless that invariant is broken, and then no data
    // of either mode is reached.
    if (principal.mode !== requestMode(request)) throw new InvalidApiKey();
    const { allowedIps } = principal;
    if (allowedIps && !this.addresses.allows(allowedIps, clientIp(request) ?? '')) throw new AddressNotAllowed();
    request.principal = principal;
    return true;
  }
}
