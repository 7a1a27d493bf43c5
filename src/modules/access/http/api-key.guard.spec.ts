import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { RequireMode, RequireScope, SessionOrKey } from '../../../common/http/decorators';
import { RateLimited } from '../../../common/errors/domain-error';
import { FakeClock } from '../../../common/testing/fake-clock';
import { AppConfig } from '../../../config/app-config';
import { AddressNotAllowed, InvalidApiKey, MissingApiKey } from '../../keys/domain/keys.errors';
import { IpaddrAddressRanges } from '../../keys/infrastructure/ipaddr/ipaddr-address-ranges';
import type { KeyAuthenticator } from '../../keys/domain/key-authenticator';
import { MemoryRateLimitStore } from '../../rate-limit/infrastructure/in-memory/memory-rate-limit.store';
import { SlidingWindowThrottlerStorage } from '../../rate-limit/infrastructure/throttler/sliding-window-throttler.storage';
import { contextOf, type GuardedRoute, READER } from '../testing/guarded-routes';
import { SessionAuthenticator } from './session-authenticator';
import { ApiKeyGuard, UNAUTHENTICATED, UNAUTHENTICATED_WINDOW_MS } from './api-key.guard';

const VALID = 'sk_live_valid';
/** A key usable from 192.0.2.0/24 and 2001:db8::/32 only. */
const FENCED = 'sk_live_fenced';
const FENCED_PRINCIPAL = { ...READER, keyId: 'k-fenced', allowedIps: ['192.0.2.0/24', '2001:db8::/32'] };

function setup(failure?: Error) {
  const authenticate = jest.fn(async (header: string | undefined) => {
    if (failure) throw failure;
    if (!header) throw new MissingApiKey();
    if (header === FENCED) return FENCED_PRINCIPAL;
    if (header !== VALID) throw new InvalidApiKey();
    return READER;
  });
  const storage = new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(new FakeClock()));
  const increment = jest.spyOn(storage, 'increment');
  const config = { rateLimitUnauthenticatedMax: 2 } as AppConfig;
  const authenticateSession = jest.fn(async () => true as const);
  const sessions = { authenticate: authenticateSession } as unknown as SessionAuthenticator;
  const guard = new ApiKeyGuard(
    new Reflector(),
    { authenticate } as unknown as KeyAuthenticator,
    storage,
    new IpaddrAddressRanges(),
    config,
    sessions,
  );

  function call(handler: GuardedRoute, key?: string, ip = '192.0.2.1', headers?: Record<string, string>) {
    const request: Record<string, unknown> = { headers: headers ?? (key === undefined ? {} : { 'x-api-key': key }), ip, socket: {} };
    const context = contextOf(handler, request);
    return { outcome: Promise.resolve().then(() => guard.canActivate(context)), request };
  }
  return { guard, call, authenticate, increment, authenticateSession };
}

/** A route the developer page shares with the API: keyed at /t/shared, the page's session at /developers/t/shared. */
@Controller(['t', 'developers/t'])
@SessionOrKey()
class SharedRoutes {
  @Get('shared')
  @RequireMode('test')
  @RequireScope('items:read')
  shared() {}
}

const sharedContext = (routePath: string, request: Record<string, unknown>) =>
  new ExecutionContextHost(
    [{ ...request, route: { path: routePath } }, {}],
    SharedRoutes,
    (SharedRoutes.prototype as unknown as Record<string, () => void>).shared,
  );

describe('ApiKeyGuard', () => {
  it("takes the page's session, with the route's mode, on the /developers path of a @SessionOrKey() route, and a key elsewhere", async () => {
    const { guard, authenticate, authenticateSession } = setup();
    await expect(guard.canActivate(sharedContext('/developers/t/shared', { headers: { 'x-api-key': VALID } }))).resolves.toBe(true);
    expect(authenticateSession).toHaveBeenCalledWith(expect.objectContaining({ route: { path: '/developers/t/shared' } }), 'test');
    expect(authenticate).not.toHaveBeenCalled();
    const request = { headers: { 'x-api-key': VALID }, ip: '192.0.2.1', socket: {} };
    await expect(guard.canActivate(sharedContext('/t/shared', request))).resolves.toBe(true);
    expect(authenticate).toHaveBeenCalledWith(VALID);
    expect(authenticateSession).toHaveBeenCalledTimes(1);
  });

  it('lets a @Public() route through without a key, at once and counting nothing', () => {
    const { guard, authenticate, increment } = setup();
    const context = contextOf('open', { headers: {} });
    expect(guard.canActivate(context)).toBe(true);
    expect(authenticate).not.toHaveBeenCalled();
    expect(increment).not.toHaveBeenCalled();
  });

  it("puts a valid key's principal on the request", async () => {
    const { call, increment } = setup();
    const { outcome, request } = call('items', VALID);
    await expect(outcome).resolves.toBe(true);
    expect(request.principal).toBe(READER);
    expect(increment).not.toHaveBeenCalled();
  });

  it('reads `Authorization: Bearer` only on a route declared with @AcceptBearerKey, and prefers X-API-Key there', async () => {
    const { call, authenticate } = setup();
    await expect(call('operations', undefined, undefined, { authorization: `Bearer ${VALID}` }).outcome).resolves.toBe(true);
    expect(authenticate).toHaveBeenLastCalledWith(VALID);
    // Each refusal from an address of its own: the per-address limit on 401s (2 here) is not this test's subject.
    await expect(call('items', undefined, '192.0.2.11', { authorization: `Bearer ${VALID}` }).outcome).rejects.toBeInstanceOf(
      MissingApiKey,
    );
    await expect(call('operations', undefined, '192.0.2.12', { authorization: `Basic ${VALID}` }).outcome).rejects.toBeInstanceOf(
      MissingApiKey,
    );
    await expect(
      call('operations', undefined, '192.0.2.13', { 'x-api-key': 'sk_live_other', authorization: `Bearer ${VALID}` }).outcome,
    ).rejects.toBeInstanceOf(InvalidApiKey);
  });

  it('refuses a key from outside its allowed addresses with a 403, counting nothing; lets it through from inside', async () => {
    const { call, increment } = setup();
    for (const ip of ['198.51.100.7', '2001:db9::1', '::ffff:198.51.100.7']) {
      const { outcome, request } = call('items', FENCED, ip);
      await expect(outcome).rejects.toBeInstanceOf(AddressNotAllowed);
      await expect(outcome).rejects.toThrow('this API key is not allowed from this address');
      expect(request.principal).toBeUndefined();
    }
    for (const ip of ['192.0.2.200', '::ffff:192.0.2.9', '2001:db8:1::5']) {
      const { outcome, request } = call('items', FENCED, ip);
      await expect(outcome).resolves.toBe(true);
      expect(request.principal).toBe(FENCED_PRINCIPAL);
    }
    expect(increment).not.toHaveBeenCalled();
  });

  it('answers 401 to a missing or unknown key, and 429 once the address has had too many 401s', async () => {
    const { call, increment } = setup();
    await expect(call('items').outcome).rejects.toBeInstanceOf(MissingApiKey);
    await expect(call('items', 'sk_live_nope').outcome).rejects.toBeInstanceOf(InvalidApiKey);
    expect(increment).toHaveBeenCalledWith(
      'unauthenticated:192.0.2.1',
      UNAUTHENTICATED_WINDOW_MS,
      2,
      UNAUTHENTICATED_WINDOW_MS,
      UNAUTHENTICATED,
    );
    await expect(call('items', 'sk_live_nope').outcome).rejects.toEqual(new RateLimited(60));
    // Another address is not affected, and a valid key from the same address is never refused by it.
    await expect(call('items', 'sk_live_nope', '192.0.2.2').outcome).rejects.toBeInstanceOf(InvalidApiKey);
    await expect(call('items', VALID).outcome).resolves.toBe(true);
  });

  it('passes errors other than a refused key through, without counting them against the address', async () => {
    const { call, increment } = setup(new Error('database down'));
    await expect(call('items', VALID).outcome).rejects.toThrow('database down');
    expect(increment).not.toHaveBeenCalled();
  });
});
