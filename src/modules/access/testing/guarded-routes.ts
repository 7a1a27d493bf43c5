import { Controller, Get } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { AcceptBearerKey, Public, RequireMode, RequireScope, RequireScopePerOperation } from '../../../common/http/decorators';
import type { Principal } from '../../../common/http/principal';

/**
 * Routes as the guards see them: an open one, a keyed one with its scope, one for test keys
 * only, a keyed one that forgot its scope, and one of several operations.
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

  /** A route of several operations, each with its scope (the MCP endpoint), that takes bearer keys. */
  @Get('operations')
  @RequireScopePerOperation({ read: 'items:read', write: 'items:write' })
  @AcceptBearerKey()
  operations() {}
}

export type GuardedRoute = keyof GuardedRoutes;

/** A caller holding only `items:read`. */
export const READER: Principal = { userId: 'u1', keyId: 'k1', scopes: ['items:read'], listIds: null, mode: 'live' };

/** The execution context Nest gives a guard for `route`, with this request. */
export const contextOf = (route: GuardedRoute, request: object): ExecutionContextHost =>
  new ExecutionContextHost([request, {}], GuardedRoutes, (GuardedRoutes.prototype as unknown as Record<string, () => void>)[route]);
