import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { routeAccess } from '../../../common/http/decorators';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { KeysService } from '../domain/keys.service';

/**
 * First of the global guards: every route that is not @Public() needs a valid
 * X-API-Key (401 otherwise). It only establishes who is calling; the rate limit and
 * the scope check are the guards after it.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: KeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (routeAccess(this.reflector, context).isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & RequestWithPrincipal>();
    const header = request.headers['x-api-key'];
    request.principal = await this.keys.authenticate(typeof header === 'string' ? header : undefined);
    return true;
  }
}
