import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../../config/app-config';
import { assertSameOrigin } from '../../../common/http/same-origin';

/** CSRF defence for the portal's mutations (assertSameOrigin): a cross-site request is a 403 before its session is looked at. */
@Injectable()
export class SameOriginGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    assertSameOrigin(context.switchToHttp().getRequest<Request>(), this.config.publicOrigin);
    return true;
  }
}
