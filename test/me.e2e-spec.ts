import { Client } from 'pg';
import { NodeSecretGenerator } from '../src/common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApiKey } from '../src/modules/keys/domain/api-key';
import { ApiKeyRepository } from '../src/modules/keys/domain/api-key.repository';
import { KeysService } from '../src/modules/keys/domain/keys.service';
import { makeUserWithKey } from './factories/make-user';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** The key's last_used_at as stored, read straight from the database. */
async function lastUsedAt(t: TestApp, keyId: string): Promise<Date | null> {
  return (await t.app.get(DataSource).query('SELECT last_used_at FROM api_keys WHERE id = $1', [keyId]))[0].last_used_at;
}

describe('GET /v1/me and the key guard', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A database of its own: every app's webhook delivery worker claims the deliveries it finds,
    // and in the shared one, those of specs running beside this one would be statements sent
    // while the spec below counts the requests' own (there must be none).
    t = await startTestApp({}, {}, { ownDatabase: 'me' });
  });
  afterAll(() => t.close());

  it('returns the caller with the five scopes and its unrestricted key', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.app);
    const res = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    expect(res.body).toEqual({
      data: {
        id: user.id,
        email: user.email,
        name: user.name,
        username: user.username,
        email_verified: true,
        scopes: ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'],
        key: {
          id: keyId,
          label: 'test key',
          mode: 'live',
          scopes: ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'],
          list_ids: null,
          expires_at: null,
          allowed_ips: null,
        },
      },
      error: null,
    });
  });

  it.each([
    ['missing', undefined, /Missing API key/],
    ['malformed', 'hello', /Invalid API key/],
    ['upper-case hex', `sk_live_${'AB'.repeat(32)}`, /Invalid API key/],
    ['unknown', `sk_live_${'0'.repeat(64)}`, /Invalid API key/],
    ['unknown test', `sk_test_${'1'.repeat(64)}`, /Invalid API key/],
    ['malformed test', `sk_test_${'1'.repeat(63)}`, /Invalid API key/],
  ])('answers 401 for a %s key', async (_label, key, message) => {
    const req = request(t.server).get('/v1/me');
    const res = await (key === undefined ? req : req.set('X-API-Key', key));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
  });

  it('answers 401 once a key is revoked', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.app);
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    await t.app.get(KeysService).revoke(user.id, keyId);
    const res = await request(t.server).get('/v1/me').set('X-API-Key', key).expect(401);
    expect(res.body.error).toMatch(/revoked/);
  });

  it('answers 403 when the key lacks the route scope', async () => {
    const { user } = await makeUserWithKey(t.app);
    const issued = ApiKey.issue(
      { id: '00000000-0000-4000-8000-00000000abcd', userId: user.id, label: 'narrow', now: new Date() },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    const props = { ...issued.key.toProps(), scopes: ['lists:read' as const] };
    await t.app.get(DataSource).query(
      `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', now())`,
      [props.id, props.userId, props.label, props.prefix, props.last4, props.keyHash, props.scopes],
    );
    const res = await request(t.server).get('/v1/me').set('X-API-Key', issued.secret).expect(403);
    expect(res.body).toEqual({ data: null, error: 'This API key lacks the profile:read scope' });
    expect(res.headers['x-required-scope']).toBe('profile:read');
  });

  it('checks the route before the key: an unknown route is a 404 even without a key', async () => {
    await request(t.server).get('/v1/unknown').expect(404);
  });

  it('stores only a hash of the key', async () => {
    const { keyId, key } = await makeUserWithKey(t.app);
    const [row] = await t.app.get(DataSource).query('SELECT * FROM api_keys WHERE id = $1', [keyId]);
    expect(JSON.stringify(row)).not.toContain(key.slice('sk_live_'.length));
    expect(row.last4).toBe(key.slice(-4));
  });

  it('refuses a key of the wrong format without a single database query', async () => {
    // Every statement TypeORM sends goes through a pooled pg Client of this process.
    const queries = jest.spyOn(Client.prototype, 'query');
    try {
      // A fresh, well-formed key is looked up: proof that the spy sees the app's queries.
      const { key, keyId } = await makeUserWithKey(t.app);
      queries.mockClear();
      await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
      expect(queries.mock.calls.length).toBeGreaterThan(0);

      // The request wrote last_used_at off its path: let that write land before counting again.
      await waitFor(async () => (await lastUsedAt(t, keyId)) !== null, { what: 'the first use of the key to be recorded in last_used_at' });
      queries.mockClear();
      for (const bad of [
        'hello',
        `sk_live_${'AB'.repeat(32)}`,
        `sk_live_${'a'.repeat(63)}`,
        `sk_test_${'1'.repeat(63)}`,
        `sk_test_${'AB'.repeat(32)}`,
        `${key}0`,
      ]) {
        await request(t.server).get('/v1/me').set('X-API-Key', bad).expect(401);
      }
      await request(t.server).get('/v1/me').expect(401);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('records the first use of a key, then leaves last_used_at alone for a minute', async () => {
    const { key, keyId } = await makeUserWithKey(t.app);
    // Every last-use write the service starts, to know when all of them have finished.
    const writes = jest.spyOn(t.app.get(ApiKeyRepository), 'touchLastUsed');
    try {
      expect(await lastUsedAt(t, keyId)).toBeNull();
      await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
      // Written off the request's path: wait for it rather than assume it.
      const first = await waitFor(() => lastUsedAt(t, keyId), { what: 'the first use of the key to be recorded in last_used_at' });
      expect(first).toBeInstanceOf(Date);
      for (let i = 0; i < 5; i += 1) await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
      // Whatever last-use writes those requests started (none are expected) have now landed,
      // or failed: the column below is what they left, not a read that came too early.
      await Promise.allSettled(writes.mock.results.map((result) => result.value));
      expect(await lastUsedAt(t, keyId)).toEqual(first);
    } finally {
      writes.mockRestore();
    }
  });

  it('never puts a key into a log line or an error message', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.app);
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);
    const other = `sk_live_${'7'.repeat(64)}`;
    const sandbox = `sk_test_${'5'.repeat(64)}`;
    const garbage = `${key.slice(0, 40)}zz`;
    const bodies: string[] = [];
    for (const sent of [other, sandbox, garbage]) {
      bodies.push(JSON.stringify((await request(t.server).get('/v1/me').set('X-API-Key', sent).expect(401)).body));
    }
    await t.app.get(KeysService).revoke(user.id, keyId);
    bodies.push(JSON.stringify((await request(t.server).get('/v1/me').set('X-API-Key', key).expect(401)).body));
    const logs = t.logText();
    expect(logs).toContain('/v1/me');
    for (const secret of [key, key.slice(8), other.slice(8), sandbox.slice(8), garbage.slice(8)]) {
      expect(logs).not.toContain(secret);
      for (const body of bodies) expect(body).not.toContain(secret);
    }
  });
});
