import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError } from '../../../common/errors/domain-error';
import { routeAccess } from '../../../common/http/decorators';
import type { RequestWithPrincipal } from '../../../common/http/principal';

/**
 * Last of the global guards: the key must hold the route's scope (403 otherwise).
 * A key route that declares no scope fails closed: that is a programming error.
 */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { isPublic, scope } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    if (!scope) throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no scope`);
    const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
    if (!principal?.scopes.includes(scope)) {
      throw new ForbiddenError('MISSING_SCOPE', `This API key lacks the ${scope} scope`);
    }
    return true;
  }
}
