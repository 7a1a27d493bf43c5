import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { Response } from 'express';
import { RateLimited } from '../../../common/errors/domain-error';
import { routeAccess } from '../../../common/http/decorators';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { RateLimitStore } from '../domain/rate-limit-store';
import { RollingWindowThrottlerStorage } from './rolling-window.throttler-storage';

export const POLICY_NAME = 'default';

export interface KeyRateLimit {
  limit: number;
  windowS: number;
}

/**
 * Second of the global guards (after the API key, before the scope): each API key may make
 * `limit` requests in any rolling `windowS` seconds, whatever the route and whatever the
 * outcome. One bucket per key id — never per route, never the raw key. Sets the IETF
 * `RateLimit-Policy` / `RateLimit` headers on every keyed response, 429s included; the
 * throttler's own X-RateLimit-* headers are off because the contract names other ones.
 *
 * Built by a factory (see rate-limit.module.ts), not by Nest's constructor injection: the
 * parent class's @Inject parameter metadata would otherwise be inherited.
 */
export class KeyRateLimitGuard extends ThrottlerGuard {
  private readonly policy: string;

  constructor(settings: KeyRateLimit, store: RateLimitStore, reflector: Reflector) {
    super(
      {
        throttlers: [{ name: POLICY_NAME, limit: settings.limit, ttl: settings.windowS * 1000, blockDuration: 0 }],
        setHeaders: false,
      },
      new RollingWindowThrottlerStorage(store),
      reflector,
    );
    this.policy = `"${POLICY_NAME}";q=${settings.limit};w=${settings.windowS}`;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    // Public routes (health, OpenAPI, developer portal) are never limited by key.
    return routeAccess(this.reflector, context).isPublic;
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const principal = (req as RequestWithPrincipal).principal;
    // The API-key guard runs first; a keyed route without a principal is a wiring error.
    if (!principal) throw new Error('rate limit reached without an authenticated principal');
    return principal.keyId;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string): string {
    return `key:${tracker}`;
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, getTracker, generateKey } = request;
    const { req, res } = this.getRequestResponse(context);
    const name = throttler.name ?? POLICY_NAME;
    const key = generateKey(context, await getTracker(req, context), name);
    const record = await this.storageService.increment(key, ttl, limit, 0, name);
    const seconds = record.isBlocked ? record.timeToBlockExpire : record.timeToExpire;
    const response = res as Response;
    response.setHeader('RateLimit-Policy', this.policy);
    response.setHeader('RateLimit', `"${name}";r=${Math.max(0, limit - record.totalHits)};t=${seconds}`);
    // The envelope filter adds Retry-After and keeps the headers set above.
    if (record.isBlocked) throw new RateLimited(record.timeToBlockExpire);
    return true;
  }
}
