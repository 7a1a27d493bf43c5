import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ForbiddenError } from '../../../common/errors/domain-error';
import { Public, RequireScope } from '../../../common/http/decorators';
import type { Principal } from '../../../common/http/principal';
import { ScopeGuard } from './scope.guard';

@Controller('t')
class TestController {
  @Get('open')
  @Public()
  open() {}

  @Get('items')
  @RequireScope('items:read')
  items() {}

  @Get('forgotten')
  forgotten() {}
}

const READER: Principal = { userId: 'u1', keyId: 'k1', scopes: ['items:read'] };
const PROFILE_ONLY: Principal = { userId: 'u2', keyId: 'k2', scopes: ['profile:read'] };

const guard = new ScopeGuard(new Reflector());
const check = (handler: keyof TestController, principal?: Principal) =>
  guard.canActivate(
    new ExecutionContextHost(
      [{ principal }, {}],
      TestController,
      (TestController.prototype as unknown as Record<string, () => void>)[handler],
    ),
  );

describe('ScopeGuard', () => {
  it('lets a @Public() route through', () => {
    expect(check('open')).toBe(true);
  });

  it('admits a key holding the route scope', () => {
    expect(check('items', READER)).toBe(true);
  });

  it('answers 403 to a key without the route scope', () => {
    expect(() => check('items', PROFILE_ONLY)).toThrow(new ForbiddenError('MISSING_SCOPE', 'This API key lacks the items:read scope'));
  });

  it('fails closed on a keyed route that declares no scope', () => {
    expect(() => check('forgotten', READER)).toThrow('route TestController.forgotten declares no scope');
  });

  it('fails closed when no principal was put on the request (guards registered out of order)', () => {
    expect(() => check('items')).toThrow(/ApiKeyGuard must run before it/);
  });
});
