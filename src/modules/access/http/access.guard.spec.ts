import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ForbiddenError, RateLimited } from '../../../common/errors/domain-error';
import { Public, RequireScope } from '../../../common/http/decorators';
import type { Principal } from '../../../common/http/principal';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InvalidApiKey, MissingApiKey } from '../../keys/domain/keys.errors';
import type { KeysService } from '../../keys/domain/keys.service';
import { MemoryRateLimitStore } from '../../rate-limit/infrastructure/in-memory/memory-rate-limit.store';
import { AccessGuard, UNAUTHENTICATED_WINDOW_MS } from './access.guard';

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

@Controller('p')
@Public()
class PublicController {
  @Get()
  page() {}
}

const VALID = 'sk_live_valid';
const READER: Principal = { userId: 'u1', keyId: 'k1', scopes: ['items:read'] };
const PROFILE_ONLY: Principal = { userId: 'u2', keyId: 'k2', scopes: ['profile:read'] };

function setup(failure?: Error) {
  const limits = { keyLimit: 3, windowS: 60, unauthenticatedLimit: 2 };
  const principals = new Map<string, Principal>([
    [VALID, READER],
    ['sk_live_profile', PROFILE_ONLY],
  ]);
  const authenticate = jest.fn(async (header: string | undefined) => {
    if (failure) throw failure;
    if (!header) throw new MissingApiKey();
    const principal = principals.get(header);
    if (!principal) throw new InvalidApiKey();
    return principal;
  });
  const clock = new FakeClock();
  const store = new MemoryRateLimitStore(clock);
  const hit = jest.spyOn(store, 'hit');
  const guard = new AccessGuard(new Reflector(), { authenticate } as unknown as KeysService, store, limits);

  function call(handler: keyof TestController | 'page', key?: string, ip = '192.0.2.1') {
    const request: Record<string, unknown> = { headers: key === undefined ? {} : { 'x-api-key': key }, ip, socket: {} };
    const headers = new Map<string, string>();
    const response = { setHeader: (name: string, value: string) => headers.set(name, value) };
    const [target, instance] = handler === 'page' ? [PublicController, new PublicController()] : [TestController, new TestController()];
    const context = new ExecutionContextHost([request, response], target, (instance as unknown as Record<string, () => void>)[handler]);
    return { outcome: guard.canActivate(context), request, headers };
  }
  return { guard, call, authenticate, hit, clock };
}

describe('AccessGuard', () => {
  it('lets public routes through without a key, counting nothing and setting no header', async () => {
    const { call, authenticate, hit } = setup();
    for (const handler of ['open', 'page'] as const) {
      const { outcome, headers } = call(handler);
      await expect(outcome).resolves.toBe(true);
      expect(headers.size).toBe(0);
    }
    expect(authenticate).not.toHaveBeenCalled();
    expect(hit).not.toHaveBeenCalled();
  });

  it('admits a key with the scope, records its principal and sets the rate-limit headers', async () => {
    const { call } = setup();
    const { outcome, request, headers } = call('items', VALID);
    await expect(outcome).resolves.toBe(true);
    expect(request.principal).toBe(READER);
    expect(headers.get('RateLimit-Policy')).toBe('"default";q=3;w=60');
    expect(headers.get('RateLimit')).toBe('"default";r=2;t=60');
  });

  it('answers 401 to a missing or unknown key, and 429 once the address has had too many 401s', async () => {
    const { call, hit } = setup();
    await expect(call('items').outcome).rejects.toBeInstanceOf(MissingApiKey);
    await expect(call('items', 'sk_live_nope').outcome).rejects.toBeInstanceOf(InvalidApiKey);
    expect(hit).toHaveBeenCalledWith('addr:192.0.2.1', 2, UNAUTHENTICATED_WINDOW_MS);
    const refused = call('items', 'sk_live_nope');
    await expect(refused.outcome).rejects.toBeInstanceOf(RateLimited);
    expect(refused.headers.size).toBe(0);
    // Another address is not affected, and a valid key from the same address is never refused by it.
    await expect(call('items', 'sk_live_nope', '192.0.2.2').outcome).rejects.toBeInstanceOf(InvalidApiKey);
    await expect(call('items', VALID).outcome).resolves.toBe(true);
  });

  it('refuses past the key limit with 429 and the headers (nothing left, seconds to wait), before the scope', async () => {
    const { call, clock } = setup();
    for (let i = 0; i < 3; i += 1) {
      await call('items', 'sk_live_profile').outcome.catch(() => undefined);
      clock.advance(1000);
    }
    const refused = call('items', 'sk_live_profile');
    await expect(refused.outcome).rejects.toEqual(new RateLimited(57));
    expect(refused.headers.get('RateLimit')).toBe('"default";r=0;t=57');
    expect(refused.headers.get('RateLimit-Policy')).toBe('"default";q=3;w=60');
  });

  it('answers 403 to a valid key without the route scope, after counting it and with the headers', async () => {
    const { call } = setup();
    const forbidden = call('items', 'sk_live_profile');
    await expect(forbidden.outcome).rejects.toBeInstanceOf(ForbiddenError);
    expect(forbidden.headers.get('RateLimit')).toBe('"default";r=2;t=60');
  });

  it('fails closed on a keyed route that declares no scope, after the key and its limit', async () => {
    const { call } = setup();
    await expect(call('forgotten').outcome).rejects.toBeInstanceOf(MissingApiKey);
    const forgotten = call('forgotten', VALID);
    await expect(forgotten.outcome).rejects.toThrow('route TestController.forgotten declares no scope');
    expect(forgotten.headers.get('RateLimit')).toBe('"default";r=2;t=60');
  });

  it('passes errors other than a refused key through, without counting them against the address', async () => {
    const { call, hit } = setup(new Error('database down'));
    await expect(call('items', VALID).outcome).rejects.toThrow('database down');
    expect(hit).not.toHaveBeenCalled();
  });
});
