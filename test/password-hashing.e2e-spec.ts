import { DataSource } from 'typeorm';
import { makeUserWithKey, TEST_PASSWORD } from './factories/make-user';
import { listen, PortalClient } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

/** scrypt's parameters are stored with each hash; a hash made with a lower N is replaced at sign-in. */
describe('password hashes (e2e)', () => {
  let before: TestApp;
  let after: TestApp;

  beforeAll(async () => {
    before = await startTestApp({ PASSWORD_SCRYPT_COST: '12' });
    // The same database, served after an operator raised the cost.
    after = await startTestApp({ PASSWORD_SCRYPT_COST: '13' });
  });
  afterAll(async () => {
    await before?.close();
    await after?.close();
  });

  const storedHash = async (t: TestApp, id: string) =>
    (await t.app.get(DataSource).query('SELECT password_hash FROM users WHERE id = $1', [id]))[0].password_hash as string;

  it('verifies an older hash with its own parameters and replaces it at the next sign-in', async () => {
    const { user } = await makeUserWithKey(before.app);
    const old = await storedHash(after, user.id);
    expect(old).toMatch(/^scrypt\$4096\$8\$1\$/);

    // From an address of its own: other specs' failed sign-ins share the database's per-address count.
    const portal = new PortalClient(await listen(after.app));
    const login = async (password: string) => (await portal.post('login', { login: user.username, password })).status;
    expect(await login('not the password')).toBe(401);
    expect(await storedHash(after, user.id)).toBe(old);

    expect(await login(TEST_PASSWORD)).toBe(200);
    const upgraded = await storedHash(after, user.id);
    expect(upgraded).toMatch(/^scrypt\$8192\$8\$1\$/);
    // The new hash works where the old one did.
    expect(await login(TEST_PASSWORD)).toBe(200);
    expect(await storedHash(after, user.id)).toBe(upgraded);
  });
});
