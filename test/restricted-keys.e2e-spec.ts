import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import { hashKey } from '../src/modules/keys/domain/api-key';
import { driveClock, frozenNow } from './support/driven-clock';
import { listen, PortalClient } from './support/portal-client';
import { recordSecret } from './support/secret-ledger';
import { startTestApp, TestApp } from './support/test-app';

const HOUR_MS = 3_600_000;
const SCOPES = ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Restricted keys (API.md section 9), from the outside: created on the developer page, used on
 * /v1/. One instance whose time is a FakeClock moved by hand (expiry, grace periods), behind one
 * trusted proxy (TRUST_PROXY=1), so a request's client address is its X-Forwarded-For.
 */
describe('restricted keys', () => {
  const clock = frozenNow();
  let t: TestApp;
  let base: string;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    driveClock(t.app, clock);
    base = await listen(t.app);
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const inMs = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  /** A signed-in portal client of a new account. */
  async function signedIn() {
    const c = new PortalClient(base);
    const suffix = Math.random().toString(36).slice(2, 10);
    const password = 'long enough password';
    recordSecret('password', password);
    const res = await c.post('signup', { email: `rk_${suffix}@example.test`, username: `rk_${suffix}`, name: 'RK', password });
    expect(res.status).toBe(200);
    return { c, userId: res.body.data.user.id as string };
  }

  /** Creates a key through the portal; the answer's data (with the full key). */
  async function createKey(c: PortalClient, body: Record<string, unknown>) {
    const res = await c.post('keys', { label: 'restricted', ...body });
    expect(res.body.error).toBeNull();
    expect(res.status).toBe(200);
    recordSecret('api key', res.body.data.key);
    return res.body.data;
  }

  const me = (key: string, from = '192.0.2.1') => request(t.server).get('/v1/me').set('X-API-Key', key).set('X-Forwarded-For', from);

  /** A list of the account, created with one of its full keys. */
  async function newList(key: string, name: string): Promise<string> {
    const res = await request(t.server).post('/v1/lists').set('X-API-Key', key).send({ name }).expect(200);
    return res.body.data.list.id;
  }

  const keyCount = async (userId: string) => (await db.query('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [userId]))[0].n;

  describe('creation', () => {
    it('answers every public field of a restricted key, in its creation, the key table, /v1/me and its revocation', async () => {
      const { c } = await signedIn();
      const full = await createKey(c, {});
      const [a, b] = [await newList(full.key, 'A'), await newList(full.key, 'B')];
      const expiresAt = inMs(30 * 24 * HOUR_MS);
      const data = await createKey(c, {
        label: 'assistant',
        mode: 'live',
        scopes: ['profile:read', 'items:read'],
        list_ids: [b, a.toUpperCase()],
        expires_at: expiresAt.replace('Z', '+00:00'),
        allowed_ips: ['192.0.2.0/24', '2001:DB8::1'],
      });
      const restrictions = {
        mode: 'live',
        scopes: ['items:read', 'profile:read'],
        list_ids: [b, a],
        expires_at: expiresAt,
        allowed_ips: ['192.0.2.0/24', '2001:db8::1'],
      };
      expect(data).toEqual({
        key: expect.stringMatching(/^sk_live_[0-9a-f]{64}$/),
        id: expect.any(String),
        label: 'assistant',
        ...restrictions,
        prefix: 'sk_live_',
        last4: data.key.slice(-4),
        status: 'active',
        created_at: expect.stringMatching(ISO),
        last_used_at: null,
        revoked_at: null,
      });
      const { key: _secret, ...publicFields } = data;
      // Found by id: the driven clock can give both keys the same created_at, and ties have no order.
      const table = (await c.get('keys')).body.data.keys as Array<{ id: string }>;
      expect(table).toHaveLength(2);
      expect(table.find((key) => key.id === data.id)).toEqual(publicFields);

      const seen = await me(data.key).expect(200);
      expect(seen.body.data.scopes).toEqual(['items:read', 'profile:read']);
      expect(seen.body.data.key).toEqual({ id: data.id, label: 'assistant', ...restrictions });

      const revoked = await c.post(`keys/${data.id}/revoke`, {});
      expect(revoked.body.data).toEqual({
        ...publicFields,
        status: 'revoked',
        last_used_at: expect.any(String),
        revoked_at: expect.stringMatching(ISO),
      });
    });

    it('reads a key stored without the restriction columns (an earlier release) as unrestricted', async () => {
      const { userId } = await signedIn();
      const secret = `sk_live_${randomBytes(32).toString('hex')}`;
      recordSecret('api key', secret);
      // As an instance of the earlier release writes a key: none of the new columns named.
      const [{ id }] = await db.query(
        `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, status, created_at)
         VALUES (gen_random_uuid(), $1, 'old release', 'sk_live_', $2, $3, $4, 'active', now()) RETURNING id`,
        [userId, secret.slice(-4), hashKey(new Sha256TokenHasher(), secret), SCOPES],
      );
      const seen = await me(secret).expect(200);
      expect(seen.body.data.key).toEqual({
        id,
        label: 'old release',
        mode: 'live',
        scopes: SCOPES,
        list_ids: null,
        expires_at: null,
        allowed_ips: null,
      });
      await request(t.server).get('/v1/lists').set('X-API-Key', secret).set('X-Forwarded-For', '198.51.100.200').expect(200);
    });

    it.each([
      ['an unknown mode', { mode: 'sandbox' }, /mode must be "live" or "test"/],
      ['a mode that is not a string', { mode: 1 }, /mode must be a string/],
      ['no scopes', { scopes: [] }, /scopes must name at least one/],
      ['an unknown scope', { scopes: ['lists:read', 'admin'] }, /unknown scope "admin"/],
      ['a repeated scope', { scopes: ['items:read', 'items:read'] }, /must not repeat items:read/],
      ['scopes that are not a list', { scopes: 'lists:read' }, /scopes must be an array/],
      ['no list ids', { list_ids: [] }, /list_ids must hold 1-100/],
      [
        '101 list ids',
        { list_ids: Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
        /1-100/,
      ],
      ['a list id that is not a string', { list_ids: [7] }, /list_ids must be a string|each value in list_ids must be a string/],
      ['an expiry that is not a time', { expires_at: 'next week' }, /expires_at must be an ISO 8601 time/],
      ['an expiry without an offset', { expires_at: '2099-01-01T00:00:00' }, /ISO 8601/],
      ['an expiry in the past', { expires_at: '2020-01-01T00:00:00.000Z' }, /expires_at must be in the future/],
      ['an expiry more than 366 days ahead', { expires_at: 'FAR' }, /at most 366 days ahead/],
      ['no addresses', { allowed_ips: [] }, /allowed_ips must hold 1-20/],
      ['21 addresses', { allowed_ips: Array.from({ length: 21 }, (_, i) => `192.0.2.${i}`) }, /1-20/],
      ['a host name as an address', { allowed_ips: ['example.com'] }, /"example.com" is not an IPv4 or IPv6 address or CIDR range/],
      ['a prefix too long', { allowed_ips: ['192.0.2.0/33'] }, /is not an IPv4/],
      ['an IPv6 zone id', { allowed_ips: ['fe80::1%eth0'] }, /^allowed_ips: "fe80::1%eth0" carries a zone id \(%eth0\)/],
      ['a /0 range, which restricts nothing', { allowed_ips: ['1.2.3.4/0'] }, /^allowed_ips: "1.2.3.4\/0" covers every address/],
      ['an IPv6 /0 range', { allowed_ips: ['::/0'] }, /"::\/0" covers every address/],
      [
        'a range with host bits set',
        { allowed_ips: ['192.0.2.77/24'] },
        /^allowed_ips: "192.0.2.77\/24" has host bits set: the range is "192.0.2.0\/24"$/,
      ],
    ])('answers 400 for %s and creates no key', async (_case, body: Record<string, unknown>, message) => {
      const { c, userId } = await signedIn();
      // 'FAR': a millisecond beyond 366 days of the driven clock, known only once it runs.
      const sent = body.expires_at === 'FAR' ? { expires_at: inMs(366 * 24 * HOUR_MS + 1) } : body;
      const res = await c.post('keys', { label: 'x', ...sent });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
      expect(await keyCount(userId)).toBe(0);
    });

    it('issues an sk_test_ key for mode "test", whose list_ids are lists of the sandbox, never live ones (404)', async () => {
      const { c, userId } = await signedIn();
      const test = await createKey(c, { mode: 'test' });
      expect(test).toMatchObject({ key: expect.stringMatching(/^sk_test_[0-9a-f]{64}$/), mode: 'test' });
      expect((await me(test.key).expect(200)).body.data.key.mode).toBe('test');
      const sandboxList = await newList(test.key, 'sandbox list');
      const liveList = await newList((await createKey(c, {})).key, 'live list');
      const res = await c.post('keys', { label: 'x', mode: 'test', list_ids: [liveList] });
      expect(res.status).toBe(404);
      expect(await keyCount(userId)).toBe(2);
      expect(await createKey(c, { mode: 'test', list_ids: [sandboxList] })).toMatchObject({ mode: 'test', list_ids: [sandboxList] });
      expect((await c.post('keys', { label: 'x', list_ids: [sandboxList] })).status).toBe(404);
    });

    it("answers 404 for a list id the account cannot see (another account's, unknown, malformed), as for any invisible list", async () => {
      const { c, userId } = await signedIn();
      const other = await signedIn();
      const othersList = await newList((await createKey(other.c, {})).key, 'theirs');
      const own = await newList((await createKey(c, {})).key, 'mine');
      for (const stranger of [othersList, '00000000-0000-4000-8000-00000000ffff', 'not-a-list']) {
        const res = await c.post('keys', { label: 'x', list_ids: [own, stranger] });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ data: null, error: expect.stringMatching(/not found/i) });
      }
      expect(await keyCount(userId)).toBe(1);
    });

    it('lists the keys of both modes, or of one with ?mode= (400 for another value)', async () => {
      const { c } = await signedIn();
      const created = await createKey(c, {});
      expect((await c.get('keys?mode=live')).body.data.keys.map((k: { id: string }) => k.id)).toEqual([created.id]);
      expect((await c.get('keys?mode=test')).body).toEqual({ data: { keys: [] }, error: null });
      const bad = await c.get('keys?mode=sandbox');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/mode/);
    });
  });

  describe('on /v1/', () => {
    it('refuses a route whose scope the key lacks with 403, X-Required-Scope and a message naming the scope', async () => {
      const { c } = await signedIn();
      const { key } = await createKey(c, { scopes: ['lists:read'] });
      const res = await me(key).expect(403);
      expect(res.headers['x-required-scope']).toBe('profile:read');
      expect(res.body).toEqual({ data: null, error: 'This API key lacks the profile:read scope' });
      const allowed = await request(t.server).get('/v1/lists').set('X-API-Key', key).expect(200);
      expect(allowed.headers['x-required-scope']).toBeUndefined();
    });

    it('refuses a key from its expires_at on with 401 "this API key expired", and the key table says expired', async () => {
      const { c } = await signedIn();
      const created = await createKey(c, { expires_at: inMs(60_000) });
      clock.advance(59_999);
      await me(created.key).expect(200);
      clock.advance(1);
      const res = await me(created.key).expect(401);
      expect(res.body).toEqual({ data: null, error: 'this API key expired' });
      const listed = (await c.get('keys')).body.data.keys.find((k: { id: string }) => k.id === created.id);
      expect(listed).toMatchObject({ status: 'expired', expires_at: created.expires_at, revoked_at: null });
    });

    it('refuses a request from outside allowed_ips with 403 before the rate limit counts it', async () => {
      const { c } = await signedIn();
      const { key } = await createKey(c, { allowed_ips: ['203.0.113.0/24', '2001:db8::/32'] });
      for (const from of ['198.51.100.1', '2001:db9::1', '203.0.114.1']) {
        const res = await me(key, from).expect(403);
        expect(res.body).toEqual({ data: null, error: 'this API key is not allowed from this address' });
        expect(res.headers.ratelimit).toBeUndefined();
      }
      // None of the refusals counted: the first request from inside is the key's first.
      const inside = await me(key, '203.0.113.77').expect(200);
      expect(inside.headers.ratelimit).toMatch(/^"default";r=119;t=\d+$/);
      const v6 = await me(key, '2001:db8:5::1').expect(200);
      expect(v6.headers.ratelimit).toMatch(/^"default";r=118;/);
    });
  });

  describe('roll', () => {
    it('answers a replacement with the same restrictions once in full; the old key works through its grace period only', async () => {
      const { c } = await signedIn();
      const full = await createKey(c, {});
      const list = await newList(full.key, 'deploys');
      const old = await createKey(c, {
        label: 'ci',
        scopes: ['profile:read', 'lists:read'],
        list_ids: [list],
        expires_at: inMs(90 * 24 * HOUR_MS),
        allowed_ips: ['192.0.2.0/24'],
      });
      const res = await c.post(`keys/${old.id}/roll`, { expires_in_hours: 2 });
      expect(res.status).toBe(200);
      const rolled = res.body.data;
      recordSecret('api key', rolled.key);
      expect(rolled).toEqual({
        ...old,
        key: expect.stringMatching(/^sk_live_[0-9a-f]{64}$/),
        id: expect.any(String),
        last4: rolled.key.slice(-4),
        created_at: expect.stringMatching(ISO),
      });
      expect(rolled.key).not.toBe(old.key);
      expect(rolled.id).not.toBe(old.id);
      const listed = (await c.get('keys')).body.data.keys as Array<{ id: string; expires_at: string; status: string; key?: string }>;
      expect(listed.find((k) => k.id === old.id)).toMatchObject({ status: 'active', expires_at: inMs(2 * HOUR_MS) });
      expect(listed.every((k) => k.key === undefined)).toBe(true);

      clock.advance(2 * HOUR_MS - 1);
      await me(old.key).expect(200);
      clock.advance(1);
      expect((await me(old.key).expect(401)).body.error).toBe('this API key expired');
      expect((await me(rolled.key).expect(200)).body.data.key).toMatchObject({ id: rolled.id, list_ids: [list] });
    });

    it('with expires_in_hours 0, the old key is refused at once', async () => {
      const { c } = await signedIn();
      const old = await createKey(c, {});
      await me(old.key).expect(200);
      const rolled = (await c.post(`keys/${old.id}/roll`, { expires_in_hours: 0 })).body.data;
      recordSecret('api key', rolled.key);
      expect((await me(old.key).expect(401)).body.error).toBe('this API key expired');
      await me(rolled.key).expect(200);
    });

    it.each([
      ['a missing grace period', {}],
      ['a negative one', { expires_in_hours: -1 }],
      ['more than a week', { expires_in_hours: 169 }],
      ['a fraction', { expires_in_hours: 1.5 }],
      ['a string', { expires_in_hours: '1' }],
      ['an unknown field', { expires_in_hours: 1, label: 'new' }],
    ])('answers 400 for %s and changes nothing', async (_case, body) => {
      const { c, userId } = await signedIn();
      const old = await createKey(c, {});
      const res = await c.post(`keys/${old.id}/roll`, body);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeNull();
      expect(await keyCount(userId)).toBe(1);
      await me(old.key).expect(200);
    });

    it("answers 404 for another account's key, an unknown id and a malformed one", async () => {
      const owner = await signedIn();
      const key = await createKey(owner.c, {});
      const other = await signedIn();
      for (const id of [key.id, '00000000-0000-4000-8000-00000000ffff', 'nope']) {
        const res = await other.c.post(`keys/${id}/roll`, { expires_in_hours: 0 });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ data: null, error: 'API key not found' });
      }
      await me(key.key).expect(200);
    });

    it('answers 422 for a revoked or an expired key: there is nothing left to rotate', async () => {
      const { c } = await signedIn();
      const revoked = await createKey(c, {});
      await c.post(`keys/${revoked.id}/revoke`, {});
      const res = await c.post(`keys/${revoked.id}/roll`, { expires_in_hours: 0 });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatch(/this API key is revoked: only an active key can be rolled/);
      const expiring = await createKey(c, { expires_at: inMs(1_000) });
      clock.advance(1_000);
      const late = await c.post(`keys/${expiring.id}/roll`, { expires_in_hours: 0 });
      expect(late.status).toBe(422);
      expect(late.body.error).toMatch(/this API key is expired/);
    });

    it('rotates a key at the 20-key limit; a second rotation waits for the first grace period to end', async () => {
      const { c } = await signedIn();
      const keys = [];
      for (let i = 0; i < 20; i += 1) keys.push(await createKey(c, { label: `k${i}` }));
      expect((await c.post('keys', { label: 'k20' })).status).toBe(422);
      const rolled = await c.post(`keys/${keys[0].id}/roll`, { expires_in_hours: 1 });
      expect(rolled.status).toBe(200);
      recordSecret('api key', rolled.body.data.key);
      const second = await c.post(`keys/${keys[1].id}/roll`, { expires_in_hours: 1 });
      expect(second.status).toBe(422);
      expect(second.body.error).toMatch(/at most 20 active API keys/);
      clock.advance(HOUR_MS);
      const later = await c.post(`keys/${keys[1].id}/roll`, { expires_in_hours: 0 });
      expect(later.status).toBe(200);
      recordSecret('api key', later.body.data.key);
    });
  });
});
