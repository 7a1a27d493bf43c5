import { Controller, Get, Module } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Public, RequireScope, Undocumented } from '../src/common/http/decorators';
import { makeUserWithKey, TEST_PASSWORD } from './factories/make-user';
import { listen, PortalClient, PortalResponse, uniqueAddress } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

/** Test-only routes (`/v1/test-…` are left out of the OpenAPI drift check). */
@Controller('v1/test-throttle')
class ThrottleProbeController {
  /** A keyed route out of the per-key window. */
  @Get('unlimited')
  @Undocumented()
  @RequireScope('profile:read')
  @SkipThrottle()
  unlimited() {
    return { ok: true };
  }

  /** A route without a key, with a limit of its own. */
  @Get('tight')
  @Undocumented()
  @Public()
  @Throttle({ portal: { limit: 2 } })
  tight() {
    return { ok: true };
  }
}

@Module({ controllers: [ThrottleProbeController] })
class ThrottleProbeModule {}

const PORTAL_MAX = 3;

const signUp = (client: PortalClient) =>
  client.post('signup', {
    email: `throttle_${randomBytes(5).toString('hex')}@example.test`,
    username: `t_${randomBytes(5).toString('hex')}`,
    name: 'Throttled',
    password: TEST_PASSWORD,
  });

function expectRefused(res: { status: number; headers: Record<string, unknown>; body: unknown }): number {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
  expect(res.body).toEqual({ data: null, error: `Rate limit exceeded: retry in ${seconds} seconds` });
  return seconds;
}

describe('named throttlers, @Throttle() and @SkipThrottle()', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp(
      { RATE_LIMIT_MAX: '2', RATE_LIMIT_PORTAL_MAX: String(PORTAL_MAX), RATE_LIMIT_UNAUTHENTICATED_MAX: '1000' },
      { imports: [ThrottleProbeModule] },
    );
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it(`limits sign-ups and sign-ins together to RATE_LIMIT_PORTAL_MAX per address and minute (${PORTAL_MAX} here)`, async () => {
    const client = new PortalClient(base);
    const answers: PortalResponse[] = [];
    for (let i = 0; i < PORTAL_MAX - 1; i += 1) answers.push(await signUp(client));
    answers.push(await client.post('login', { login: 'nobody_here', password: 'wrong password here' }));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 401]);
    expect(answers.map((res) => res.headers['ratelimit-policy'])).toEqual(Array(PORTAL_MAX).fill(`"portal";q=${PORTAL_MAX};w=60`));
    expect(answers.map((res) => /^"portal";r=(\d+);t=\d+$/.exec(String(res.headers['ratelimit']))?.[1])).toEqual(['2', '1', '0']);

    const refused = await signUp(client);
    const retryAfter = expectRefused(refused);
    expect(refused.headers['ratelimit']).toBe(`"portal";r=0;t=${retryAfter}`);
    expectRefused(await client.post('login', { login: 'nobody_here', password: 'wrong password here' }));

    // The address's other routes, and other addresses, are not affected.
    expect((await client.get('session')).status).toBe(200);
    expect((await signUp(new PortalClient(base, uniqueAddress()))).status).toBe(200);
  });

  it('leaves the keyed routes to the per-key window only', async () => {
    const { key } = await makeUserWithKey(t.app);
    const res = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    expect(res.headers['ratelimit-policy']).toBe('"default";q=2;w=60');
  });

  it('takes a keyed route marked @SkipThrottle() out of the per-key window, and the key keeps its window elsewhere', async () => {
    const { key } = await makeUserWithKey(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await request(t.server).get('/v1/test-throttle/unlimited').set('X-API-Key', key).expect(200);
      expect(res.headers['ratelimit']).toBeUndefined();
      expect(res.headers['ratelimit-policy']).toBeUndefined();
    }
    // Still a keyed route: no key is a 401, a valid key must hold the scope.
    await request(t.server).get('/v1/test-throttle/unlimited').expect(401);
    const first = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    expect(first.headers['ratelimit']).toMatch(/^"default";r=1;t=\d+$/);
  });

  it("applies a route's own @Throttle() numbers in a bucket of its own", async () => {
    const get = () => request(t.server).get('/v1/test-throttle/tight');
    const first = await get().expect(200);
    expect(first.headers['ratelimit-policy']).toBe('"portal";q=2;w=60');
    await get().expect(200);
    expectRefused(await get());
    // Sign-ups from the same address count in the portal's own bucket, which is another one.
    const signUpHere = await request(t.server)
      .post('/developers/api/signup')
      .send({
        email: `tight_${randomBytes(5).toString('hex')}@example.test`,
        username: `t_${randomBytes(5).toString('hex')}`,
        name: 'Here',
        password: TEST_PASSWORD,
      });
    expect(signUpHere.status).toBe(200);
    expect(signUpHere.headers['ratelimit']).toMatch(/^"portal";r=2;t=\d+$/);
  });
});
