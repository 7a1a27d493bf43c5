import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../auth/principal';

export type { Principal };

export interface RequestWithPrincipal {
  principal?: Principal;
}

/** The authenticated caller of an API-key route. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without an authenticated principal');
  return principal;
});
