import { Reflector } from '@nestjs/core';
import { ForbiddenError, MissingScope, WrongKeyMode } from '../../../common/errors/domain-error';
import type { Principal } from '../../../common/http/principal';
import { contextOf, type GuardedRoute, READER } from '../testing/guarded-routes';
import { ScopeGuard } from './scope.guard';

const PROFILE_ONLY: Principal = { userId: 'u2', keyId: 'k2', scopes: ['profile:read'], listIds: null, mode: 'live' };

const guard = new ScopeGuard(new Reflector());
const check = (handler: GuardedRoute, principal?: Principal) => guard.canActivate(contextOf(handler, { principal }));

describe('ScopeGuard', () => {
  it('lets a @Public() route through', () => {
    expect(check('open')).toBe(true);
  });

  it('admits a key holding the route scope', () => {
    expect(check('items', READER)).toBe(true);
  });

  it('answers 403 to a key without the route scope', () => {
    expect(() => check('items', PROFILE_ONLY)).toThrow(new ForbiddenError('MISSING_SCOPE', 'This API key lacks the items:read scope'));
    // The scope travels as a header too (X-Required-Scope), so a program need not parse the message.
    expect(() => check('items', PROFILE_ONLY)).toThrow(expect.objectContaining({ headers: { 'X-Required-Scope': 'items:read' } }));
    expect(() => check('items', PROFILE_ONLY)).toThrow(MissingScope);
  });

  it('takes a test key with the scope on a test-mode route', () => {
    expect(check('sandbox', { ...READER, mode: 'test' })).toBe(true);
  });

  it('answers a live key on a test-mode route 403 before looking at its scopes, without X-Required-Scope', () => {
    for (const live of [READER, PROFILE_ONLY]) {
      expect(() => check('sandbox', live)).toThrow(WrongKeyMode);
      expect(() => check('sandbox', live)).toThrow(expect.not.objectContaining({ headers: expect.anything() }));
    }
  });

  it('answers a test key without the scope of a test-mode route as any route does', () => {
    expect(() => check('sandbox', { ...PROFILE_ONLY, mode: 'test' })).toThrow(MissingScope);
  });

  it('admits to a route of several operations a key holding any of their scopes, and refuses one holding none', () => {
    expect(check('operations', READER)).toBe(true);
    expect(() => check('operations', PROFILE_ONLY)).toThrow(new MissingScope('items:read or items:write'));
  });

  it('fails closed on a keyed route that declares no scope', () => {
    expect(() => check('forgotten', READER)).toThrow('route GuardedRoutes.forgotten declares no scope');
  });

  it('fails closed when no principal was put on the request (guards registered out of order)', () => {
    expect(() => check('items')).toThrow(/ApiKeyGuard must run before it/);
  });
});
