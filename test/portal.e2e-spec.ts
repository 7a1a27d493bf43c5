import { createHash, randomBytes } from 'node:crypto';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { hashSessionToken } from '../src/modules/auth/domain/session';
import { listen, PortalClient, uniqueAddress } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const PASSWORD = 'a long enough password';
const SCOPES = ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'];
/** The restrictions of a key created without any (API.md section 9): what every key had before. */
const UNRESTRICTED = { mode: 'live', scopes: SCOPES, list_ids: null, expires_at: null, allowed_ips: null };

const unique = () => randomBytes(5).toString('hex');
const account = (overrides: Record<string, unknown> = {}) => {
  const suffix = unique();
  return { email: `dev_${suffix}@example.test`, username: `dev_${suffix}`, name: `Dev ${suffix}`, password: PASSWORD, ...overrides };
};

describe('developer portal API (/developers/api)', () => {
  let t: TestApp;
  let base: string;
  let db: DataSource;
  const client = (address?: string) => new PortalClient(base, address);

  /** A client signed in to a brand-new account. */
  async function signedIn(overrides: Record<string, unknown> = {}) {
    const c = client();
    const fields = account(overrides);
    const res = await c.post('signup', fields);
    expect(res.status).toBe(200);
    return { c, fields, user: res.body.data.user as { id: string; email: string; username: string; name: string } };
  }

  const userCount = async (email: string) =>
    (await db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email]))[0].n as number;

  beforeAll(async () => {
    t = await startTestApp();
    base = await listen(t.app);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  describe('POST signup', () => {
    it('creates the account, answers {user} and sets an HttpOnly, SameSite=Lax session cookie for /developers', async () => {
      const c = client();
      const fields = account({ email: `Mixed_${unique()}@Example.TEST` });
      const res = await c.post('signup', fields);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          user: {
            id: expect.any(String),
            email: fields.email.toLowerCase(),
            username: fields.username,
            name: fields.name,
            email_verified: false,
          },
        },
        error: null,
      });
      const cookie = res.setCookie!;
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('Path=/developers');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure');
      const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
      expect(expires - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);

      expect((await c.get('keys')).body).toEqual({ data: { keys: [] }, error: null });
      expect((await c.get('session')).body.data.user.id).toBe(res.body.data.user.id);
    });

    it('stores only a hash of the session token', async () => {
      const { c, user } = await signedIn();
      const rows = await db.query('SELECT token_hash FROM sessions WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([{ token_hash: hashSessionToken(new Sha256TokenHasher(), c.session!) }]);
      expect(JSON.stringify(rows)).not.toContain(c.session);
    });

    it.each([
      ['an email without @', { email: 'not-an-email' }, /email/],
      ['an upper-case username', { username: 'Ada_Lovelace' }, /username/],
      ['a username with a dash', { username: 'ada-l' }, /username/],
      ['a two-character username', { username: 'ab' }, /username/],
      ['a 33-character username', { username: 'a'.repeat(33) }, /username/],
      ['an empty name', { name: '   ' }, /name/],
      ['a 101-character name', { name: 'n'.repeat(101) }, /name/],
      ['a 9-character password', { password: '123456789' }, /password/],
      ['a number as name', { name: 42 }, /name/],
      ['an unknown field', { admin: true }, /admin/],
    ])('answers 400 for %s and creates nothing', async (_label, overrides, message) => {
      const fields = account(overrides);
      const res = await client().post('signup', fields);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
      expect(res.setCookie).toBeUndefined();
      if (typeof fields.email === 'string') expect(await userCount(fields.email)).toBe(0);
    });

    it('answers 400 for a missing field', async () => {
      const { password: _omitted, ...rest } = account();
      const res = await client().post('signup', rest);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/password/);
      expect(await userCount(rest.email)).toBe(0);
    });

    it('accepts a name of exactly 100 code points and a username of 32 characters', async () => {
      const res = await client().post('signup', account({ name: '😀'.repeat(100), username: `u${unique()}`.padEnd(32, '_') }));
      expect(res.status).toBe(200);
      expect(res.body.data.user.name).toBe('😀'.repeat(100));
    });

    it('answers 422 for an email already used, in any case, and for a taken username', async () => {
      const { fields } = await signedIn();
      const sameEmail = await client().post('signup', account({ email: fields.email.toUpperCase() }));
      expect(sameEmail.status).toBe(422);
      expect(sameEmail.body).toEqual({ data: null, error: 'An account with this email already exists' });
      const sameUsername = await client().post('signup', account({ username: fields.username }));
      expect(sameUsername.status).toBe(422);
      expect(sameUsername.body).toEqual({ data: null, error: 'This username is already taken' });
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await request(t.server).post('/developers/api/signup').set('Content-Type', 'text/plain').send('email=a@b.c');
      expect(res.status).toBe(400);
      expect(res.body.data).toBeNull();
    });
  });

  describe('POST login', () => {
    it('signs in by email in any case and by username, each time with a fresh session', async () => {
      const { fields, user } = await signedIn();
      const byEmail = client();
      const first = await byEmail.post('login', { login: fields.email.toUpperCase(), password: PASSWORD });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ data: { user }, error: null });
      expect(first.setCookie).toContain('HttpOnly');

      const byUsername = client();
      const second = await byUsername.post('login', { login: fields.username, password: PASSWORD });
      expect(second.status).toBe(200);
      expect(byUsername.session).not.toBe(byEmail.session);
      expect((await byEmail.get('keys')).status).toBe(200);
      expect((await byUsername.get('keys')).status).toBe(200);
    });

    it('rotates: signing in again from a signed-in browser ends the session it held', async () => {
      const { c, fields } = await signedIn();
      const before = c.session!;
      expect((await c.post('login', { login: fields.username, password: PASSWORD })).status).toBe(200);
      expect(c.session).not.toBe(before);
      const stale = client();
      stale.session = before;
      expect((await stale.get('keys')).status).toBe(401);
      expect((await c.get('keys')).status).toBe(200);
    });

    it('answers one generic 401 for a wrong password and for an unknown login', async () => {
      const { fields } = await signedIn();
      const wrong = await client().post('login', { login: fields.email, password: 'not the password' });
      const unknown = await client().post('login', { login: `nobody_${unique()}`, password: PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ data: null, error: 'invalid login or password' });
        expect(res.setCookie).toBeUndefined();
      }
    });

    it('answers 400 for a missing password or an unknown field', async () => {
      expect((await client().post('login', { login: 'someone' })).status).toBe(400);
      expect((await client().post('login', { login: 'someone', password: PASSWORD, remember: true })).status).toBe(400);
    });

    it('answers 429 with Retry-After after 10 failed sign-ins for one login, even from other addresses', async () => {
      const { fields } = await signedIn();
      for (let i = 0; i < 10; i += 1) {
        expect((await client().post('login', { login: fields.username, password: `wrong ${i}` })).status).toBe(401);
      }
      // The right password does not help, from a fresh address, nor with the login typed differently.
      const refused = await client().post('login', { login: ` ${fields.username.toUpperCase()} `, password: PASSWORD });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(890);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(refused.body).toEqual({ data: null, error: `Too many failed sign-ins: retry in ${retryAfter} seconds` });
      expect(refused.setCookie).toBeUndefined();

      // After the window the login works again (moved back in time rather than waiting 15 minutes).
      await db.query("UPDATE sign_in_attempts SET attempted_at = attempted_at - interval '15 minutes'");
      expect((await client().post('login', { login: fields.username, password: PASSWORD })).status).toBe(200);
    });

    it('answers 429 after 10 failed sign-ins from one address, whatever the logins', async () => {
      const { fields } = await signedIn();
      const address = uniqueAddress();
      for (let i = 0; i < 10; i += 1) {
        expect((await client(address).post('login', { login: `nobody_${unique()}`, password: PASSWORD })).status).toBe(401);
      }
      const refused = await client(address).post('login', { login: fields.email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await client().post('login', { login: fields.email, password: PASSWORD })).status).toBe(200);
    });

    it('counts parallel guesses: of 20 at once, exactly 10 are checked and 10 refused', async () => {
      const { fields } = await signedIn();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => client().post('login', { login: fields.username, password: `guess ${i}` })),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });
  });

  describe('POST logout', () => {
    it('ends the session on the server: the old cookie is then a 401', async () => {
      const { c } = await signedIn();
      const token = c.session!;
      const res = await c.post('logout', {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: {}, error: null });
      expect(res.setCookie).toMatch(/^sid=; /);
      expect(res.setCookie).toContain('Path=/developers');
      const replay = client();
      replay.session = token;
      expect((await replay.get('keys')).status).toBe(401);
      const again = await replay.post('logout', {});
      expect(again.status).toBe(401);
      expect(again.body).toEqual({ data: null, error: 'Sign in first: there is no valid session' });
    });

    it('answers 401 without a session and 400 for an unknown field', async () => {
      expect((await client().post('logout', {})).status).toBe(401);
      const { c } = await signedIn();
      expect((await c.post('logout', { everywhere: true })).status).toBe(400);
      expect((await c.get('keys')).status).toBe(200);
    });
  });

  describe('keys', () => {
    it('creates a key shown once in full, which then works on /v1/me and is listed without its secret', async () => {
      const { c, user } = await signedIn();
      const created = await c.post('keys', { label: '  CI pipeline  ' });
      expect(created.status).toBe(200);
      const data = created.body.data;
      expect(data).toEqual({
        key: expect.stringMatching(/^sk_live_[0-9a-f]{64}$/),
        id: expect.any(String),
        label: 'CI pipeline',
        ...UNRESTRICTED,
        prefix: 'sk_live_',
        last4: data.key.slice(-4),
        status: 'active',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        last_used_at: null,
        revoked_at: null,
      });

      const me = await request(t.server).get('/v1/me').set('X-API-Key', data.key).expect(200);
      expect(me.body.data).toEqual({ ...user, scopes: SCOPES, key: { id: data.id, label: 'CI pipeline', ...UNRESTRICTED } });

      // The last use is recorded after the answer, off the request's path: wait until it shows.
      const listed = await waitFor(
        async () => {
          const page = await c.get('keys');
          return page.status !== 200 || page.body.data.keys[0]?.last_used_at ? page : undefined;
        },
        { what: 'the key listing to show its last use' },
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.keys).toEqual([
        {
          id: data.id,
          label: 'CI pipeline',
          ...UNRESTRICTED,
          prefix: 'sk_live_',
          last4: data.last4,
          status: 'active',
          created_at: data.created_at,
          last_used_at: expect.stringMatching(/Z$/),
          revoked_at: null,
        },
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(data.key.slice(8));
    });

    it('answers 401 without a session, with a forged cookie, and with an expired session', async () => {
      expect((await client().get('keys')).status).toBe(401);
      const forged = client();
      forged.session = randomBytes(32).toString('base64url');
      expect((await forged.get('keys')).status).toBe(401);
      expect((await forged.post('keys', { label: 'x' })).status).toBe(401);

      const { c, user } = await signedIn();
      await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
      const expired = await c.get('keys');
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ data: null, error: 'Sign in first: there is no valid session' });
      expect(await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
    });

    it.each([
      ['an empty label', { label: '' }],
      ['a blank label', { label: '   ' }],
      ['a 101-character label', { label: 'l'.repeat(101) }],
      ['a missing label', {}],
      ['a label that is not a string', { label: 7 }],
      ['an unknown field', { label: 'ok', scope: ['lists:read'] }],
    ])('answers 400 for %s and creates no key', async (_label, body) => {
      const { c, user } = await signedIn();
      const res = await c.post('keys', body);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeNull();
      expect(await db.query('SELECT 1 FROM api_keys WHERE user_id = $1', [user.id])).toEqual([]);
    });

    it('allows 20 active keys (422 for the 21st) and one more after a revocation', async () => {
      const { c } = await signedIn();
      const ids: string[] = [];
      for (let i = 1; i <= 20; i += 1) {
        const res = await c.post('keys', { label: `key ${i}` });
        expect(res.status).toBe(200);
        ids.push(res.body.data.id);
      }
      const refused = await c.post('keys', { label: 'key 21' });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ data: null, error: 'An account can have at most 20 active API keys; revoke one first' });
      expect((await c.post(`keys/${ids[0]}/revoke`, {})).status).toBe(200);
      expect((await c.post('keys', { label: 'key 21' })).status).toBe(200);
      expect((await c.get('keys')).body.data.keys).toHaveLength(21);
    });

    it('revokes a key: answers its public fields, and the key is refused at once', async () => {
      const { c } = await signedIn();
      const created = (await c.post('keys', { label: 'short-lived' })).body.data;
      await request(t.server).get('/v1/me').set('X-API-Key', created.key).expect(200);
      // The last use is recorded after the answer, off the request's path: wait until it shows.
      await waitFor(
        async () =>
          ((await c.get('keys')).body.data.keys as { id: string; last_used_at: string | null }[]).find((k) => k.id === created.id)
            ?.last_used_at,
        {
          what: 'the key to show its last use',
        },
      );

      const res = await c.post(`keys/${created.id}/revoke`, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          id: created.id,
          label: 'short-lived',
          ...UNRESTRICTED,
          prefix: 'sk_live_',
          last4: created.last4,
          status: 'revoked',
          created_at: created.created_at,
          last_used_at: expect.any(String),
          revoked_at: expect.stringMatching(/Z$/),
        },
        error: null,
      });
      await request(t.server).get('/v1/me').set('X-API-Key', created.key).expect(401);

      const again = await c.post(`keys/${created.id}/revoke`);
      expect(again.status).toBe(200);
      expect(again.body.data.revoked_at).toBe(res.body.data.revoked_at);
    });

    it("answers 404 for another account's key, an unknown id and a malformed id", async () => {
      const owner = await signedIn();
      const key = (await owner.c.post('keys', { label: 'mine' })).body.data;
      const other = await signedIn();
      for (const id of [key.id, '00000000-0000-4000-8000-00000000ffff', 'not-a-uuid', "1' OR '1'='1"]) {
        const res = await other.c.post(`keys/${encodeURIComponent(id)}/revoke`, {});
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ data: null, error: 'API key not found' });
      }
      expect((await owner.c.get('keys')).body.data.keys[0].status).toBe('active');
      await request(t.server).get('/v1/me').set('X-API-Key', key.key).expect(200);
    });
  });

  describe('CSRF protection of mutations', () => {
    it('refuses a foreign Origin with 403 and changes nothing', async () => {
      const { c, user } = await signedIn();
      for (const origin of ['https://evil.example', 'null', `${base}.evil.example`]) {
        const res = await c.post('keys', { label: 'forged' }, { headers: { origin } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ data: null, error: 'Cross-site request refused: the Origin is not this service' });
      }
      expect(await db.query('SELECT 1 FROM api_keys WHERE user_id = $1', [user.id])).toEqual([]);
      const signup = await client().post('signup', account(), { headers: { origin: 'https://evil.example' } });
      expect(signup.status).toBe(403);
    });

    it('accepts its own Origin', async () => {
      const { c } = await signedIn();
      expect((await c.post('keys', { label: 'same site' }, { headers: { origin: base } })).status).toBe(200);
    });

    it('refuses a mutation without Content-Type: application/json with 403 (the session survives)', async () => {
      const { c } = await signedIn();
      const res = await c.send('POST', 'logout', { noContentType: true });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ data: null, error: 'This request must be sent with Content-Type: application/json' });
      expect((await c.get('keys')).status).toBe(200);
    });

    it('takes a +json Content-Type as JSON, as the body parser does (no form can send one either)', async () => {
      const res = await client().post('signup', account(), { headers: { 'content-type': 'application/merge-patch+json' } });
      expect(res.status).toBe(200);
    });

    it('does not apply to reads', async () => {
      const { c } = await signedIn();
      expect((await c.get('keys', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    });
  });

  it('never writes passwords, session tokens or keys to the logs', async () => {
    const password = `secret-${unique()}-password`;
    const { c, fields } = await signedIn({ password });
    await c.post('login', { login: fields.username, password });
    await client().post('login', { login: fields.username, password: `${password}-wrong` });
    const key = (await c.post('keys', { label: 'logged?' })).body.data.key;
    const logs = t.logText();
    expect(logs).toContain('/developers/api/keys');
    for (const secret of [password, c.session!, key, key.slice(8)]) expect(logs).not.toContain(secret);
  });

  it('serves the developer page as HTML with a strict content security policy', async () => {
    const res = await request(t.server).get('/developers').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const name of ['Email', 'Username', 'Name', 'Password', 'Login', 'Label']) expect(res.text).toContain(`>${name}</label>`);
    for (const name of ['Sign up', 'Sign in', 'Sign out', 'Create key']) expect(res.text).toContain(`>${name}</button>`);
    expect(res.text).toContain('data-testid="new-key"');
  });

  it("serves the page's script from a versioned URL that matches the policy's hash, cached for good only there", async () => {
    const page = await request(t.server).get('/developers').expect(200);
    const [, src, integrity] = /<script type="module" src="([^"]+)" integrity="([^"]+)"><\/script>/.exec(page.text)!;
    expect(src).toMatch(/^\/developers\/app\.js\?v=[0-9a-f]{16}$/);
    expect(page.headers['content-security-policy']).toContain(`script-src '${integrity}'`);
    expect(page.text).not.toMatch(/<script>/);

    const script = await request(t.server)
      .get(src)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      `sha256-${createHash('sha256')
        .update(script.body as Buffer)
        .digest('base64')}`,
    ).toBe(integrity);

    // Unversioned, or an older version: the same file, checked again each time.
    for (const url of ['/developers/app.js', '/developers/app.js?v=0000000000000000']) {
      const other = await request(t.server).get(url).expect(200);
      expect(other.headers['cache-control']).toBe('no-cache');
      expect(other.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
  });
});

describe('developer portal configuration', () => {
  it('marks the session cookie Secure when COOKIE_SECURE is set', async () => {
    const t = await startTestApp({ COOKIE_SECURE: 'true' });
    try {
      const c = new PortalClient(await listen(t.app));
      const res = await c.post('signup', account());
      expect(res.status).toBe(200);
      expect(res.setCookie).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });

  it('counts failed sign-ins per IPv6 /64 behind a trusted proxy, as the 401 limit counts its addresses', async () => {
    const t = await startTestApp({ TRUST_PROXY: '1' });
    try {
      const c = new PortalClient(await listen(t.app));
      // A /64 of its own (documentation prefix), so no other spec's attempts count here.
      const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      const from = (host: string) => ({ headers: { 'x-forwarded-for': `${net}:${host}` } });
      for (let i = 1; i <= 10; i += 1) {
        const res = await c.post('login', { login: `nobody_${unique()}`, password: PASSWORD }, from(`${i}:0:0:${i}`));
        expect(res.status).toBe(401);
      }
      // A new host in the same /64 is the same client; the next /64 is another one.
      expect((await c.post('login', { login: `nobody_${unique()}`, password: PASSWORD }, from('ffff::1'))).status).toBe(429);
      const next = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
      const elsewhere = await c.post(
        'login',
        { login: `nobody_${unique()}`, password: PASSWORD },
        { headers: { 'x-forwarded-for': next } },
      );
      expect(elsewhere.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('checks Origin against PUBLIC_ORIGIN when it is set', async () => {
    const t = await startTestApp({ PUBLIC_ORIGIN: 'https://todo.example.com' });
    try {
      const base = await listen(t.app);
      const c = new PortalClient(base);
      expect((await c.post('signup', account(), { headers: { origin: base } })).status).toBe(403);
      expect((await c.post('signup', account(), { headers: { origin: 'https://todo.example.com' } })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
