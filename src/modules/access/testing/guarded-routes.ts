import { Controller, Get } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { Public, RequireMode, RequireScope } from '../../../common/http/decorators';
import type { Principal } from '../../../common/http/principal';

/**
 * Routes as the guards see them: an open one, a keyed one with its scope, one for test keys
 * only, and a keyed one that forgot its scope.
 */
@Controller('t')
export class GuardedRoutes {
  @Get('open')
  @Public()
  open() {}

  @Get('items')
  @RequireScope('items:read')
  items() {}

  @Get('sandbox')
  @RequireMode('test')
  @RequireScope('items:read')
  sandbox() {}

  @Get('forgotten')
  forgotten() {}
}

export type GuardedRoute = keyof GuardedRoutes;

/** A caller holding only `items:read`. */
export const READER: Principal = { userId: 'u1', keyId: 'k1', scopes: ['items:read'], listIds: null, mode: 'live' };

/** The execution context Nest gives a guard for `route`, with this request. */
export const contextOf = (route: GuardedRoute, request: object): ExecutionContextHost =>
  new ExecutionContextHost([request, {}], GuardedRoutes, (GuardedRoutes.prototype as unknown as Record<string, () => void>)[route]);
