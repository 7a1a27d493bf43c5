import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ForbiddenError } from '../../../common/errors/domain-error';
import { AppConfig } from '../../../config/app-config';
import { isJsonMediaType } from '../../../common/http/json-media-type';
import { isOwnOrigin } from './same-origin';

class CrossSiteRequest extends ForbiddenError {
  constructor(message: string) {
    super('CROSS_SITE_REQUEST', message);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the portal's mutations. A cross-site form cannot send a JSON Content-Type
 * (`application/json` or a `+json` type, as the body parser takes them: isJsonMediaType), and
 * a cross-site script that tries gets a CORS preflight this service never grants; a present
 * `Origin` must also be ours.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (!isJsonMediaType(req.headers['content-type'])) {
      throw new CrossSiteRequest('This request must be sent with Content-Type: application/json');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !isOwnOrigin(origin, req.headers.host, this.config.publicOrigin)) {
      throw new CrossSiteRequest('Cross-site request refused: the Origin is not this service');
    }
    return true;
  }
}
