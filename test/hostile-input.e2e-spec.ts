import request from 'supertest';
import { DataSource } from 'typeorm';
import { client, makeCaller, type Caller } from './support/lists-client';
import { listen, PortalClient } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Hostile input: bodies built to hurt, texts PostgreSQL cannot store,
 * other charsets, prototype-named parameters and forged cursors. Every one is a 400 (or the
 * contract's 404) in the envelope, with a bounded message, and changes nothing.
 */

const json = (depth: number, leaf = '1'): string => '['.repeat(depth) + leaf + ']'.repeat(depth);

function expectRefused(res: request.Response, status: number, message?: RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { data: null, error: expect.any(String) } });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  if (message) expect(res.body.error).toMatch(message);
}

describe('hostile input', () => {
  let t: TestApp;
  let ada: Caller;
  let listId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ada = await makeCaller(t.app);
    listId = (await client(t.server, ada.key).post('/v1/lists', { name: 'Hostile' }).expect(200)).body.data.list.id;
  });
  afterAll(() => t.close());

  const post = (path: string, raw: string, headers: Record<string, string> = {}) => {
    const req = request(t.server).post(path).set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send(raw);
  };

  describe('deep and wide bodies (item 5)', () => {
    it('refuses a body nested past 32 levels with a 400 naming the bound, anonymous or not', async () => {
      const deep = `{"login":${json(40_000)},"password":"x"}`;
      expectRefused(await post('/developers/api/login', deep), 400, /nested more than 32 levels/);
      expectRefused(
        await post('/v1/actions/add', deep, { 'X-API-Key': ada.key, 'Idempotency-Key': 'deep-1' }),
        400,
        /nested more than 32 levels/,
      );
    });

    it('accepts nesting up to the bound (then validation speaks)', async () => {
      const res = await post('/developers/api/login', `{"login":${json(31)},"password":"x"}`);
      expectRefused(res, 400, /login must be a string/);
    });

    it('refuses a body with more members than any route accepts, before validation, with a short message', async () => {
      const members = Array.from({ length: 24_000 }, (_, i) => `"f${i}":1`).join(',');
      const res = await post('/developers/api/login', `{${members}}`);
      expectRefused(res, 400, /more than 1000 values/);
      expect(res.body.error.length).toBeLessThan(300);
    });

    it('bounds the message for many unknown fields within the member limit', async () => {
      const members = Array.from({ length: 900 }, (_, i) => `"field_${i}":1`).join(',');
      const res = await post('/developers/api/login', `{"login":"a","password":"b",${members}}`);
      expectRefused(res, 400, /field_0/);
      expect(res.body.error).toMatch(/and 895 more/);
      expect(res.body.error.length).toBeLessThan(300);
    });

    it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'])('refuses the unknown member %s', async (name) => {
      const body = `{"login":"a","password":"b","${name}":{"x":1}}`;
      expectRefused(await post('/developers/api/login', body), 400, new RegExp(`property ${name} should not exist`));
      const lists = await post('/v1/lists', `{"name":"Proto ${name}","${name}":1}`, { 'X-API-Key': ada.key });
      expectRefused(lists, 400, new RegExp(`property ${name} should not exist`));
      const logout = await post('/developers/api/logout', `{"${name}":1}`);
      expect([400, 401]).toContain(logout.status);
    });
  });

  describe('texts PostgreSQL cannot store, and other encodings (item 10)', () => {
    const NUL = '\u0000';
    const LONE = '\ud800';

    it.each([
      [
        'signup name',
        '/developers/api/signup',
        (s: string) => ({ email: 'n@example.test', username: 'nul_user', name: `a${s}b`, password: 'long enough password' }),
      ],
      [
        'signup email',
        '/developers/api/signup',
        (s: string) => ({ email: `n${s}@example.test`, username: 'nul_user2', name: 'Nul', password: 'long enough password' }),
      ],
      ['login', '/developers/api/login', (s: string) => ({ login: `a${s}b`, password: 'long enough password' })],
    ])('refuses NUL and lone surrogates in the %s with 400', async (_label, path, body) => {
      for (const bad of [NUL, LONE]) {
        expectRefused(await request(t.server).post(path).send(body(bad)), 400, /NUL|unpaired surrogate/);
      }
    });

    it('refuses NUL and lone surrogates in v1 bodies (list name, invitation email, action list) with 400', async () => {
      const ada_ = client(t.server, ada.key);
      for (const bad of ['\u0000', '\udc00']) {
        expectRefused(await ada_.post('/v1/lists', { name: `x${bad}` }), 400, /NUL|unpaired surrogate/);
        expectRefused(await ada_.post(`/v1/lists/${listId}/invitations`, { email: `a${bad}@example.test`, role: 'viewer' }), 400);
        for (const action of ['add', 'complete', 'reopen', 'remove']) {
          expectRefused(await ada_.post(`/v1/actions/${action}`, { list: `Hostile${bad}`, items: ['milk'] }), 400, /list/);
        }
      }
    });

    it('refuses a key label with NUL or a lone surrogate', async () => {
      const portal = new PortalClient(await listen(t.app));
      const signup = await portal.post('signup', {
        email: 'label_user@example.test',
        username: 'label_user',
        name: 'Label',
        password: 'long enough password',
      });
      expect(signup.status).toBe(200);
      for (const bad of ['\u0000', '\ud800']) {
        const res = await portal.post('keys', { label: `k${bad}` });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: expect.stringMatching(/label/) });
      }
    });

    it.each(['utf-16', 'utf-16le', 'utf-7', 'utf-32', 'latin1', 'iso-8859-1'])(
      'refuses a body declared as charset=%s with 400',
      async (charset) => {
        const res = await request(t.server)
          .post('/developers/api/login')
          .set('Content-Type', `application/json; charset=${charset}`)
          .send('{"login":"a","password":"b"}');
        expectRefused(res, 400, /UTF-8/);
      },
    );

    it('accepts charset=utf-8 in any case', async () => {
      const res = await request(t.server)
        .post('/v1/lists')
        .set('X-API-Key', ada.key)
        .set('Content-Type', 'application/json; charset=UTF-8')
        .send('{"name":"Charset ok"}');
      expect(res.status).toBe(200);
    });

    it.each(['zstd', 'br;q=1', 'compress'])('refuses Content-Encoding %s with 400 and a clear message', async (encoding) => {
      const res = await request(t.server)
        .post('/developers/api/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"login":"a","password":"b"}');
      expectRefused(res, 400, /Content-Encoding/);
    });

    it.each(['%zz', '%', '%E0%A4%A', '%ED%A0%80', '%00'])('answers a malformed path id %s with 404', async (id) => {
      expectRefused(await client(t.server, ada.key).get(`/v1/lists/${id}`), 404);
      expectRefused(await client(t.server, ada.key).get(`/v1/lists/${id}/items`), 404);
      expectRefused(await client(t.server, ada.key).post(`/v1/shares/${id}/join`), 404);
    });
  });

  describe('prototype-named query parameters and cursors (item 11)', () => {
    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'foo'])(
      'refuses ?%s=1 like any unknown parameter',
      async (name) => {
        const ada_ = client(t.server, ada.key);
        expectRefused(await ada_.get(`/v1/lists?${name}=1`), 400, new RegExp(`property ${name} should not exist`));
        expectRefused(await ada_.get(`/v1/lists/${listId}/items?${name}=1`), 400, new RegExp(`property ${name} should not exist`));
      },
    );

    it('refuses a forged cursor, even a well-formed one', async () => {
      const ada_ = client(t.server, ada.key);
      const forged = Buffer.from(JSON.stringify({ v: 1, l: listId, s: 0 })).toString('base64url');
      expectRefused(await ada_.get(`/v1/lists/${listId}/items?cursor=${forged}`), 400, /cursor/);
      const forgedLists = Buffer.from(JSON.stringify({ v: 1, c: new Date(0).toISOString(), i: listId })).toString('base64url');
      expectRefused(await ada_.get(`/v1/lists?cursor=${forgedLists}`), 400, /cursor/);
    });

    it('serves the cursors it issued', async () => {
      const ada_ = client(t.server, ada.key);
      await ada_.post('/v1/actions/add', { list: listId, items: ['a', 'b', 'c'] }).expect(200);
      const first = await ada_.get(`/v1/lists/${listId}/items?limit=2`).expect(200);
      const next = first.body.data.next_cursor as string;
      const second = await ada_.get(`/v1/lists/${listId}/items?limit=2&cursor=${next}`).expect(200);
      expect(second.body.data.items.map((i: { text: string }) => i.text)).toEqual(['c']);
      // One changed character of the signature is a cursor the service did not issue.
      const tampered = next.slice(0, -1) + (next.endsWith('A') ? 'B' : 'A');
      expectRefused(await ada_.get(`/v1/lists/${listId}/items?limit=2&cursor=${tampered}`), 400, /cursor/);
    });
  });

  it('changed nothing in the database through any refused request', async () => {
    const rows = await t.app.get(DataSource).query(
      `SELECT (SELECT count(*) FROM users WHERE username LIKE 'nul_user%')::int AS users,
              (SELECT count(*) FROM lists WHERE owner_id = $1 AND name NOT IN ('Hostile', 'Charset ok'))::int AS lists`,
      [ada.id],
    );
    expect(rows[0]).toEqual({ users: 0, lists: 0 });
  });
});
