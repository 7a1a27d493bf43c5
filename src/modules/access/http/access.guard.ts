import { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ForbiddenError, RateLimited, Unauthenticated } from '../../../common/errors/domain-error';
import { clientAddress } from '../../../common/http/client-address';
import { routeAccess } from '../../../common/http/decorators';
import type { Principal, RequestWithPrincipal } from '../../../common/http/principal';
import type { KeysService } from '../../keys/domain/keys.service';
import type { RateLimitStore } from '../../rate-limit/domain/rate-limit-store';

/** The rolling window of the per-address limit on would-be 401s. */
export const UNAUTHENTICATED_WINDOW_MS = 60_000;

/** The name of the per-key limit in the RateLimit-Policy and RateLimit headers. */
export const POLICY_NAME = 'default';

export interface AccessLimits {
  /** Requests each API key may make in any rolling `windowS` seconds. */
  keyLimit: number;
  windowS: number;
  /** Requests answered 401 per client address and minute before they are answered 429. */
  unauthenticatedLimit: number;
}

/**
 * The one global guard. It does what three guards did, in the contract's order of checks, and
 * each with the same outcome:
 *
 * 1. Who is calling: every route that is not @Public() needs a valid X-API-Key (401). Each 401
 *    counts against the client's address, and past the limit the answer becomes 429 instead,
 *    so keys cannot be guessed at speed. A valid key is never refused by that count: a client
 *    sharing an address with a guesser is only limited by its own key.
 * 2. The key's rate limit: `keyLimit` requests in any rolling `windowS` seconds, whatever the
 *    route and outcome, one bucket per key id (never per route, never the raw key). Every keyed
 *    response, 429s included, carries `RateLimit-Policy` and `RateLimit`; the envelope filter
 *    adds Retry-After to the 429 and keeps these.
 * 3. The route's scope (403). A keyed route that declares no scope fails closed: that is a
 *    programming error, and it is found only after the key and its limit, as before.
 *
 * One guard rather than three (and rather than @nestjs/throttler's guard, whose per-request
 * reflector lookups and option resolution served none of its features here): Nest runs each
 * global guard as its own awaited step of every request, and the three together with their
 * metadata lookups were a visible share of a `GET /v1/me` (README, "Performance"). Routes'
 * access is read once per handler (`routeAccess`).
 *
 * Built by a factory (see access.module.ts), so the limits are plain values.
 */
export class AccessGuard implements CanActivate {
  private readonly policy: string;
  private readonly windowMs: number;

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeysService,
    private readonly store: RateLimitStore,
    private readonly limits: AccessLimits,
  ) {
    this.policy = `"${POLICY_NAME}";q=${limits.keyLimit};w=${limits.windowS}`;
    this.windowMs = limits.windowS * 1000;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { isPublic, scope } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & RequestWithPrincipal>();
    const principal = await this.authenticate(request);
    request.principal = principal;
    await this.limit(principal, http.getResponse<Response>());
    if (!scope) throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no scope`);
    if (!principal.scopes.includes(scope)) throw new ForbiddenError('MISSING_SCOPE', `This API key lacks the ${scope} scope`);
    return true;
  }

  private async authenticate(request: Request): Promise<Principal> {
    const header = request.headers['x-api-key'];
    try {
      return await this.keys.authenticate(typeof header === 'string' ? header : undefined);
    } catch (error) {
      if (error instanceof Unauthenticated) {
        const decision = await this.store.hit(
          `addr:${clientAddress(request)}`,
          this.limits.unauthenticatedLimit,
          UNAUTHENTICATED_WINDOW_MS,
        );
        if (!decision.allowed) throw new RateLimited(decision.resetSeconds);
      }
      throw error;
    }
  }

  private async limit(principal: Principal, response: Response): Promise<void> {
    const decision = await this.store.hit(`key:${principal.keyId}`, this.limits.keyLimit, this.windowMs);
    response.setHeader('RateLimit-Policy', this.policy);
    // When refused, `resetSeconds` is the exact Retry-After (the envelope filter writes it).
    response.setHeader('RateLimit', `"${POLICY_NAME}";r=${Math.max(0, decision.remaining)};t=${decision.resetSeconds}`);
    if (!decision.allowed) throw new RateLimited(decision.resetSeconds);
  }
}
