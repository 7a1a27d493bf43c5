import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { PasswordHasher } from '../src/modules/auth/domain/password-hasher';
import { makeUserWithKey, TEST_PASSWORD } from './factories/make-user';
import { listen, PortalClient } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

/** A storm of sign-ups neither reveals emails faster than sign-ins nor drains the pool. */
const fields = (email: string) => ({ email, username: `s_${randomBytes(5).toString('hex')}`, name: 'Storm', password: TEST_PASSWORD });

describe('sign-up storms', () => {
  let t: TestApp;
  let base: string;

  afterEach(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After after 10 failed sign-ups from one address, even when they all come at once', async () => {
    t = await startTestApp();
    base = await listen(t.app);
    const email = `taken_${randomBytes(5).toString('hex')}@example.test`;
    expect((await new PortalClient(base).post('signup', fields(email))).status).toBe(200);

    const storm = new PortalClient(base);
    const answers = await Promise.all(Array.from({ length: 30 }, () => storm.post('signup', fields(email))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(422), ...Array(20).fill(429)]);

    const refused = answers.find((a) => a.status === 429)!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(refused.body).toEqual({ data: null, error: `Too many failed sign-ups or sign-ins: retry in ${retryAfter} seconds` });
    // The count is per address (and per email): a new email from another address is welcome.
    expect((await new PortalClient(base).post('signup', fields(`fresh_${randomBytes(5).toString('hex')}@example.test`))).status).toBe(200);
  });

  it('does not hold a database connection while a password is hashed', async () => {
    t = await startTestApp({ DB_POOL_SIZE: '2' });
    base = await listen(t.app);
    const { key } = await makeUserWithKey(t.app);

    // Every hash from here waits until the test lets it go.
    const hasher = t.app.get(PasswordHasher);
    const hash = hasher.hash.bind(hasher);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    let allWaiting!: () => void;
    const bothWaiting = new Promise<void>((resolve) => (allWaiting = resolve));
    jest.spyOn(hasher, 'hash').mockImplementation(async (password: string) => {
      if ((waiting += 1) === 2) allWaiting();
      await gate;
      return hash(password);
    });

    // As many sign-ups hashing as the pool has connections...
    const signUps = [1, 2].map((i) =>
      new PortalClient(base).post('signup', fields(`pool_${i}_${randomBytes(4).toString('hex')}@example.test`)),
    );
    try {
      await bothWaiting;
      // ...and the rest of the service still reaches the database (with a connection held
      // per hash, these would wait for the pool and answer 503).
      const lists = await request(t.server).get('/v1/lists').set('X-API-Key', key);
      expect(lists.status).toBe(200);
      expect((await request(t.server).get('/health/ready')).status).toBe(200);
    } finally {
      release();
    }
    expect((await Promise.all(signUps)).map((a) => a.status)).toEqual([200, 200]);
  });
});
