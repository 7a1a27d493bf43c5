import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { listen, PortalClient } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Two instances of the service on one database, as behind a load balancer: a key
 * revoked through one must be refused by the other within one second, although the
 * other had just verified (and cached) it.
 */
describe('key revocation across instances', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApp(), startTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('is seen by the other instance within 1 s', async () => {
    const portal = new PortalClient(await listen(one.app));
    const suffix = Date.now().toString(36);
    expect((await portal.post('signup', { email: `rev_${suffix}@example.test`, username: `rev_${suffix}`, name: 'Rev', password: 'long enough password' })).status).toBe(200);
    const created = (await portal.post('keys', { label: 'shared' })).body.data;

    // Instance two verifies the key, so it is in two's cache when one revokes it.
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(200);
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(200);
    expect((await portal.post(`keys/${created.id}/revoke`, {})).status).toBe(200);
    const revokedAt = Date.now();

    let status = 200;
    let seenAfter = Infinity;
    while (Date.now() - revokedAt <= 1000) {
      status = (await request(two.server).get('/v1/me').set('X-API-Key', created.key)).status;
      if (status === 401) {
        seenAfter = Date.now() - revokedAt;
        break;
      }
      await sleep(25);
    }
    expect(status).toBe(401);
    expect(seenAfter).toBeLessThanOrEqual(1000);
    // And it stays refused.
    await request(two.server).get('/v1/me').set('X-API-Key', created.key).expect(401);
    await request(one.server).get('/v1/me').set('X-API-Key', created.key).expect(401);
  });
});
