import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MissingScope, WrongKeyMode } from '../../../common/errors/domain-error';
import { routeAccess } from '../../../common/http/decorators';
import type { RequestWithCaller } from '../../../common/http/caller';

/**
 * The last global guard: the route's key mode, then its scope (403 each), checked after the key (ApiKeyGuard) and its
 * rate limit (KeyThrottlerGuard), as the contract's order of checks requires. A keyed route that
 * declares no @RequireScope() fails closed: that is a programming error, not a caller's. A route
 * of several operations (@RequireScopePerOperation) admits a key holding any of their scopes;
 * its handler checks each operation's own.
 * Synchronous, so Nest runs it without a promise of its own.
 */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { isPublic, scope, mode, session } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    if (!scope) throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no scope`);
    const request = context.getArgByIndex<RequestWithCaller>(0);
    // The developer page's session on a route it shares (@SessionOrKey): no key, so no scope to hold.
    if (session && request.sessionCaller) return true;
    const { principal } = request;
    if (!principal) throw new Error('ScopeGuard found no principal: ApiKeyGuard must run before it');
    // A route of one mode refuses the other mode's keys before their scopes are looked at.
    if (mode !== undefined && principal.mode !== mode) throw new WrongKeyMode(mode);
    if (typeof scope === 'string') {
      if (!principal.scopes.includes(scope)) throw new MissingScope(scope);
    } else if (!scope.some((one) => principal.scopes.includes(one))) {
      throw new MissingScope(scope.join(' or '));
    }
    return true;
  }
}
