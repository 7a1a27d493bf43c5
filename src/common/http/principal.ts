import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Scope } from '../auth/scopes';

/** Who is calling, as established by the API-key guard. */
export interface Principal {
  userId: string;
  keyId: string;
  scopes: readonly Scope[];
}

export interface RequestWithPrincipal {
  principal?: Principal;
}

/** The authenticated caller of an API-key route. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without an authenticated principal');
  return principal;
});
