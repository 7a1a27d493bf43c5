import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { SkipThrottle, Throttle, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { RateLimited } from '../../../common/errors/domain-error';
import { Public, RequireScope } from '../../../common/http/decorators';
import type { Principal } from '../../../common/http/principal';
import { FakeClock } from '../../../common/testing/fake-clock';
import { MemoryRateLimitStore } from '../../rate-limit/infrastructure/in-memory/memory-rate-limit.store';
import { SlidingWindowThrottlerStorage } from '../../rate-limit/infrastructure/throttler/sliding-window-throttler.storage';
import { KeyThrottlerGuard } from './key-throttler.guard';

@Controller('t')
class KeyedController {
  @Get('me')
  @RequireScope('profile:read')
  me() {}

  @Get('lists')
  @RequireScope('lists:read')
  lists() {}

  @Get('unlimited')
  @RequireScope('lists:read')
  @SkipThrottle()
  unlimited() {}

  @Get('tests')
  @RequireScope('lists:read')
  @Throttle({ tests: {} })
  tests() {}
}

@Controller('p')
@Public()
class PublicController {
  @Get('page')
  page() {}

  @Get('signup')
  @Throttle({ portal: {} })
  signup() {}

  @Get('login')
  @Throttle({ portal: {} })
  login() {}

  @Get('tight')
  @Throttle({ portal: { limit: 1 } })
  tight() {}

  @Get('per-request')
  @Throttle({ portal: { limit: () => 2 } })
  perRequest() {}
}

@Controller('s')
@Public()
@Throttle({ portal: {} })
class SkippingController {
  @Get('counted')
  counted() {}

  @Get('skipped')
  @SkipThrottle({ portal: true })
  skipped() {}
}

@Controller('b')
@Public()
class BlockingController {
  @Get()
  @Throttle({ portal: { blockDuration: 600_000 } })
  blocks() {}
}

const KEY: Principal = { userId: 'u1', keyId: 'k1', scopes: ['profile:read', 'lists:read'], listIds: null, mode: 'live' };

const handlers = {
  KeyedController: new KeyedController(),
  PublicController: new PublicController(),
  SkippingController: new SkippingController(),
  BlockingController: new BlockingController(),
};

async function setup(options: Partial<Exclude<ThrottlerModuleOptions, unknown[]>> = {}) {
  const clock = new FakeClock();
  const store = new MemoryRateLimitStore(clock);
  const hit = jest.spyOn(store, 'hit');
  const guard = new KeyThrottlerGuard(
    {
      throttlers: [
        { name: 'default', limit: 3, ttl: 60_000 },
        { name: 'portal', limit: 2, ttl: 60_000 },
        { name: 'tests', limit: 5, ttl: 10_000 },
      ],
      ...options,
    },
    new SlidingWindowThrottlerStorage(store),
    new Reflector(),
  );
  await guard.onModuleInit();

  function call<C extends keyof typeof handlers>(
    controller: C,
    handler: keyof (typeof handlers)[C],
    who: { principal?: Principal; ip?: string; userAgent?: string } = {},
  ) {
    const request = { principal: who.principal, ip: who.ip ?? '192.0.2.1', socket: {}, headers: { 'user-agent': who.userAgent } };
    const headers = new Map<string, string[]>();
    const response = {
      setHeader: (name: string, value: string) => headers.set(name, [value]),
      appendHeader: (name: string, value: string) => headers.set(name, [...(headers.get(name) ?? []), value]),
    };
    const instance = handlers[controller];
    const method = (instance as unknown as Record<string, () => void>)[handler as string];
    const context = new ExecutionContextHost([request, response], instance.constructor as never, method);
    return { outcome: guard.canActivate(context), headers };
  }
  return { call, hit, clock };
}

describe('KeyThrottlerGuard', () => {
  it('counts every keyed route in one bucket per key id, stating the policy and what remains', async () => {
    const { call, hit } = await setup();
    const first = call('KeyedController', 'me', { principal: KEY });
    await expect(first.outcome).resolves.toBe(true);
    expect(first.headers.get('RateLimit-Policy')).toEqual(['"default";q=3;w=60']);
    expect(first.headers.get('RateLimit')).toEqual(['"default";r=2;t=60']);
    const second = call('KeyedController', 'lists', { principal: KEY });
    await second.outcome;
    expect(second.headers.get('RateLimit')).toEqual(['"default";r=1;t=60']);
    expect(hit.mock.calls.map(([key]) => key)).toEqual(['default:k1', 'default:k1']);
    // Another key has its own bucket.
    const other = call('KeyedController', 'me', { principal: { ...KEY, keyId: 'k2' } });
    await other.outcome;
    expect(other.headers.get('RateLimit')).toEqual(['"default";r=2;t=60']);
  });

  it('refuses past the limit with RateLimited carrying the exact wait, and the headers (nothing left, that wait)', async () => {
    const { call, clock } = await setup();
    for (let i = 0; i < 3; i += 1) {
      await call('KeyedController', 'me', { principal: KEY }).outcome;
      clock.advance(1000);
    }
    const refused = call('KeyedController', 'lists', { principal: KEY });
    await expect(refused.outcome).rejects.toEqual(new RateLimited(57));
    expect(refused.headers.get('RateLimit')).toEqual(['"default";r=0;t=57']);
    expect(refused.headers.get('RateLimit-Policy')).toEqual(['"default";q=3;w=60']);
  });

  it("sends none of the package's X-RateLimit-* or Retry-After-<name> headers", async () => {
    const { call } = await setup();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const { outcome, headers } = call('PublicController', 'signup');
      await outcome.catch(() => undefined);
      for (const name of headers.keys()) seen.add(name);
    }
    expect([...seen].sort()).toEqual(['RateLimit', 'RateLimit-Policy']);
  });

  it('leaves a @Public() route that names no throttler alone: nothing counted, no header', async () => {
    const { call, hit } = await setup();
    const { outcome, headers } = call('PublicController', 'page');
    await expect(outcome).resolves.toBe(true);
    expect(headers.size).toBe(0);
    expect(hit).not.toHaveBeenCalled();
  });

  it('applies a named throttler where @Throttle() names it, per client address, in one bucket for its routes', async () => {
    const { call, hit } = await setup();
    const signup = call('PublicController', 'signup');
    await expect(signup.outcome).resolves.toBe(true);
    expect(signup.headers.get('RateLimit-Policy')).toEqual(['"portal";q=2;w=60']);
    expect(signup.headers.get('RateLimit')).toEqual(['"portal";r=1;t=60']);
    await call('PublicController', 'login').outcome;
    await expect(call('PublicController', 'signup').outcome).rejects.toBeInstanceOf(RateLimited);
    await expect(call('PublicController', 'login').outcome).rejects.toBeInstanceOf(RateLimited);
    expect(new Set(hit.mock.calls.map(([key]) => key))).toEqual(new Set(['portal:192.0.2.1']));
    // Another address, and the keyed routes, are not affected.
    await expect(call('PublicController', 'signup', { ip: '192.0.2.2' }).outcome).resolves.toBe(true);
    await expect(call('KeyedController', 'me', { principal: KEY }).outcome).resolves.toBe(true);
  });

  it('applies a named throttler on a keyed route on top of the per-key window, both stated in the headers', async () => {
    const { call, hit } = await setup();
    const { outcome, headers } = call('KeyedController', 'tests', { principal: KEY });
    await expect(outcome).resolves.toBe(true);
    expect(headers.get('RateLimit-Policy')).toEqual(['"default";q=3;w=60', '"tests";q=5;w=10']);
    expect(headers.get('RateLimit')).toEqual(['"default";r=2;t=60', '"tests";r=4;t=10']);
    expect(hit.mock.calls.map(([key]) => key)).toEqual(['default:k1', 'tests:k1']);
  });

  it('gives a route that sets its own numbers a bucket of its own', async () => {
    const { call, hit } = await setup();
    const tight = call('PublicController', 'tight');
    await tight.outcome;
    expect(tight.headers.get('RateLimit-Policy')).toEqual(['"portal";q=1;w=60']);
    await expect(call('PublicController', 'tight').outcome).rejects.toBeInstanceOf(RateLimited);
    // The family's bucket is untouched.
    const signup = call('PublicController', 'signup');
    await signup.outcome;
    expect(signup.headers.get('RateLimit')).toEqual(['"portal";r=1;t=60']);
    expect(hit.mock.calls[0][0]).toBe('portal:PublicController.tight:192.0.2.1');
  });

  it('resolves a limit given as a function on every request', async () => {
    const { call } = await setup();
    const first = call('PublicController', 'perRequest');
    await first.outcome;
    expect(first.headers.get('RateLimit-Policy')).toEqual(['"portal";q=2;w=60']);
    await call('PublicController', 'perRequest').outcome;
    await expect(call('PublicController', 'perRequest').outcome).rejects.toBeInstanceOf(RateLimited);
  });

  it('honours @SkipThrottle() on a keyed route and @SkipThrottle({ name: true }) under a controller-wide @Throttle()', async () => {
    const { call, hit } = await setup();
    for (let i = 0; i < 5; i += 1) {
      const { outcome, headers } = call('KeyedController', 'unlimited', { principal: KEY });
      await expect(outcome).resolves.toBe(true);
      expect(headers.size).toBe(0);
    }
    await expect(call('SkippingController', 'skipped').outcome).resolves.toBe(true);
    expect(hit).not.toHaveBeenCalled();
    await call('SkippingController', 'counted').outcome;
    expect(hit).toHaveBeenCalledTimes(1);
  });

  it('refuses a blockDuration, which the rolling window cannot honour', async () => {
    const { call } = await setup();
    await expect(call('BlockingController', 'blocks').outcome).rejects.toThrow(
      /BlockingController.blocks: the "portal" throttler sets a blockDuration/,
    );
  });

  it('honours the module options skipIf, ignoreUserAgents and setHeaders', async () => {
    const { call, hit } = await setup({ skipIf: (context) => context.getArgByIndex<{ ip: string }>(0).ip === '192.0.2.9' });
    await expect(call('PublicController', 'signup', { ip: '192.0.2.9' }).outcome).resolves.toBe(true);
    expect(hit).not.toHaveBeenCalled();

    const bots = await setup({ ignoreUserAgents: [/^probe\//], setHeaders: false });
    const probe = bots.call('PublicController', 'signup', { userAgent: 'probe/1' });
    await probe.outcome;
    expect(bots.hit).not.toHaveBeenCalled();
    const counted = bots.call('PublicController', 'signup');
    await counted.outcome;
    expect(bots.hit).toHaveBeenCalledTimes(1);
    expect(counted.headers.size).toBe(0);
  });

  /**
   * The guard reads @Throttle() and @SkipThrottle() through @nestjs/throttler's metadata keys
   * (docs/adr/0005-throttler-guard-reads-route-limits-once.md). If the package renames them, the
   * decorators above stop taking effect and this fails: each kind of metadata is asserted here.
   */
  it("reads every kind of @nestjs/throttler's route metadata: skip, limit, ttl, tracker, key generator", async () => {
    const getTracker = () => 'tracked';
    const generateKey = (_context: unknown, tracker: string, name: string) => `custom:${name}:${tracker}`;
    @Controller('m')
    @Public()
    class MetadataController {
      @Get()
      @Throttle({ portal: { limit: 4, ttl: 30_000, getTracker, generateKey } })
      limited() {}

      @Get('skip')
      @Throttle({ portal: {} })
      @SkipThrottle({ portal: true })
      skipped() {}
    }
    const storage = new SlidingWindowThrottlerStorage(new MemoryRateLimitStore(new FakeClock()));
    const guard = new KeyThrottlerGuard({ throttlers: [{ name: 'portal', limit: 2, ttl: 60_000 }] }, storage, new Reflector());
    await guard.onModuleInit();
    const increment = jest.spyOn(storage, 'increment');
    const headers = new Map<string, string>();
    const response = { setHeader: (name: string, value: string) => headers.set(name, value) };
    const context = (name: keyof MetadataController) =>
      new ExecutionContextHost(
        [{ ip: '192.0.2.1', headers: {} }, response],
        MetadataController,
        (MetadataController.prototype as unknown as Record<string, () => void>)[name],
      );
    await guard.canActivate(context('limited'));
    expect(increment).toHaveBeenCalledWith('custom:portal:tracked', 30_000, 4, 30_000, 'portal');
    expect(headers.get('RateLimit-Policy')).toBe('"portal";q=4;w=30');
    await guard.canActivate(context('skipped'));
    expect(increment).toHaveBeenCalledTimes(1);
  });
});
