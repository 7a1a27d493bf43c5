import { randomUUID } from 'node:crypto';
import { SCOPES, Scope } from '../src/common/auth/scopes';
import { client, Client, ISO_MS, keyWithScopes, listsWorld, makeCaller, summary } from './support/lists-client';
import { useTestApp } from './support/test-app';

/** Lists and members over HTTP: shapes, names, paging, roles, limits, scopes, and what strangers get. */
describe('lists and members (e2e)', () => {
  const t = useTestApp();
  const { as, createList, addMember, team } = listsWorld(t);

  describe('create and read', () => {
    it('creates a list owned by the caller, trimmed, in the List shape', async () => {
      const owner = await makeCaller(t.app);
      const res = await as(owner).post('/v1/lists', { name: '  Groceries \t' }).expect(200);
      expect(res.body).toEqual({
        data: {
          list: {
            id: expect.any(String),
            name: 'Groceries',
            owner: summary(owner),
            role: 'owner',
            item_count: 0,
            open_item_count: 0,
            created_at: expect.stringMatching(ISO_MS),
            updated_at: expect.stringMatching(ISO_MS),
          },
        },
        error: null,
      });
      const list = res.body.data.list;
      expect(list.created_at).toBe(list.updated_at);
      expect((await as(owner).get(`/v1/lists/${list.id}`).expect(200)).body.data.list).toEqual(list);
      expect((await as(owner).get(`/v1/lists/${list.id.toUpperCase()}`).expect(200)).body.data.list.id).toBe(list.id);
    });

    it('shows members the list with their own role and the owner’s display data', async () => {
      const { owner, editor, viewer, list } = await team();
      for (const [c, role] of [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ] as const) {
        const seen = (await as(c).get(`/v1/lists/${list.id}`).expect(200)).body.data.list;
        expect(seen).toMatchObject({ id: list.id, role, owner: summary(owner) });
      }
    });

    it('counts names in code points, 1-100 after trimming', async () => {
      const owner = await makeCaller(t.app);
      await as(owner)
        .post('/v1/lists', { name: '😀'.repeat(100) })
        .expect(200);
      await as(owner)
        .post('/v1/lists', { name: `  ${'x'.repeat(100)}  ` })
        .expect(200);
    });

    it.each([
      ['missing', {}],
      ['empty', { name: '' }],
      ['blank', { name: '   ' }],
      ['101 characters', { name: 'y'.repeat(101) }],
      ['not a string', { name: 42 }],
      ['null', { name: null }],
      ['with NUL', { name: 'a\u0000b' }],
      ['with an unknown field', { name: 'Fine', color: 'red' }],
    ])('refuses a name %s with 400', async (_label, body) => {
      const owner = await makeCaller(t.app);
      const res = await as(owner).post('/v1/lists', body).expect(400);
      expect(res.body).toEqual({ data: null, error: expect.any(String) });
    });

    it('refuses a name the owner already uses, case-insensitively (422); other owners may use it', async () => {
      const [a, b] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      await createList(a, 'Groceries');
      const res = await as(a).post('/v1/lists', { name: 'GROCERIES ' }).expect(422);
      expect(res.body.error).toMatch(/already own a list with this name/);
      await as(b).post('/v1/lists', { name: 'groceries' }).expect(200);
    });

    it('compares names by Unicode full case folding after NFC: "Straße" blocks "STRASSE", "Café" blocks "CAFE" + U+0301', async () => {
      const [a, b] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const strasse = await createList(a, 'Straße');
      const res = await as(a).post('/v1/lists', { name: 'STRASSE' }).expect(422);
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(/already own a list with this name/) });
      await createList(a, 'Caf\u00e9');
      await as(a).post('/v1/lists', { name: 'CAFE\u0301' }).expect(422);
      // Full folding is not Turkish-aware: "İ" folds to i + U+0307, not to "i".
      await createList(a, '\u0130zmir');
      await createList(a, 'izmir');
      await as(b).post('/v1/lists', { name: 'strasse' }).expect(200);
      const other = await createList(a, 'Other');
      await as(a).patch(`/v1/lists/${other.id}`, { name: 'STRAẞE' }).expect(422);
      expect((await as(a).get(`/v1/lists/${strasse.id}`).expect(200)).body.data.list.name).toBe('Straße');
    });

    it('answers concurrent creations of one name with one 200 and 422s, never a 500', async () => {
      const owner = await makeCaller(t.app);
      const statuses = await Promise.all(
        [1, 2, 3, 4].map(() =>
          as(owner)
            .post('/v1/lists', { name: 'Race' })
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 422, 422, 422]);
    });

    it('stops at 500 owned lists with a 422 naming the limit, also under concurrency', async () => {
      const owner = await makeCaller(t.app);
      await t.db.query(
        `INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at)
         SELECT gen_random_uuid(), $1, 'Bulk ' || n, 'bulk ' || n, now(), now() FROM generate_series(1, 498) AS n`,
        [owner.id],
      );
      const statuses = await Promise.all(
        ['A', 'B', 'C'].map((name) =>
          as(owner)
            .post('/v1/lists', { name })
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 200, 422]);
      const res = await as(owner).post('/v1/lists', { name: 'Too many' }).expect(422);
      expect(res.body.error).toMatch(/at most 500 lists/);
    });
  });

  describe('GET /v1/lists', () => {
    it('pages through owned and joined lists, oldest first, next_cursor null exactly at the end', async () => {
      const [me, other] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const names = ['One', 'Two', 'Three'];
      const ids: string[] = [];
      for (const name of names) ids.push((await createList(me, name)).id);
      const theirs = await createList(other, 'Theirs');
      await addMember(other, theirs.id, me, 'viewer');
      await createList(other, 'Not mine');

      const first = (await as(me).get('/v1/lists?limit=2').expect(200)).body.data;
      expect(first.lists.map((l: { name: string; role: string }) => [l.name, l.role])).toEqual([
        ['One', 'owner'],
        ['Two', 'owner'],
      ]);
      expect(first.next_cursor).toEqual(expect.any(String));
      const second = (await as(me).get(`/v1/lists?limit=2&cursor=${first.next_cursor}`).expect(200)).body.data;
      expect(second.lists.map((l: { name: string; role: string }) => [l.name, l.role])).toEqual([
        ['Three', 'owner'],
        ['Theirs', 'viewer'],
      ]);
      expect(second.lists[1].owner).toEqual(summary(other));
      expect(second.next_cursor).toBeNull();

      const all = (await as(me).get('/v1/lists').expect(200)).body.data;
      expect(all.lists).toHaveLength(4);
      expect(all.next_cursor).toBeNull();
    });

    it('gives a new account an empty page', async () => {
      const me = await makeCaller(t.app);
      expect((await as(me).get('/v1/lists').expect(200)).body).toEqual({ data: { lists: [], next_cursor: null }, error: null });
    });

    it.each(['limit=0', 'limit=501', 'limit=abc', 'limit=1.5', 'limit=', 'limit=-1', 'cursor=garbage', 'cursor=', 'sort=name'])(
      'refuses ?%s with 400',
      async (query) => {
        const me = await makeCaller(t.app);
        await as(me).get(`/v1/lists?${query}`).expect(400);
      },
    );

    it('accepts the limit bounds 1 and 500', async () => {
      const me = await makeCaller(t.app);
      await as(me).get('/v1/lists?limit=1').expect(200);
      await as(me).get('/v1/lists?limit=500').expect(200);
    });
  });

  describe('rename and delete', () => {
    it('lets the owner rename (trimmed; updated_at moves); others get 403, strangers 404', async () => {
      const { owner, editor, viewer, stranger, list } = await team();
      const renamed = (await as(owner).patch(`/v1/lists/${list.id}`, { name: ' Renamed ' }).expect(200)).body.data.list;
      expect(renamed).toMatchObject({ id: list.id, name: 'Renamed', role: 'owner', created_at: list.created_at });
      expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(list.updated_at));
      await as(editor).patch(`/v1/lists/${list.id}`, { name: 'X' }).expect(403);
      await as(viewer).patch(`/v1/lists/${list.id}`, { name: 'X' }).expect(403);
      await as(stranger).patch(`/v1/lists/${list.id}`, { name: 'X' }).expect(404);
      // The body's shape is checked before the list is looked at.
      await as(stranger).patch(`/v1/lists/${list.id}`, { name: '' }).expect(400);
      await as(owner).patch(`/v1/lists/${list.id}`, {}).expect(400);
    });

    it('refuses renaming onto another of the owner’s names (422), but allows a change of case', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner, 'Alpha');
      await createList(owner, 'Beta');
      await as(owner).patch(`/v1/lists/${list.id}`, { name: 'beta' }).expect(422);
      await as(owner).patch(`/v1/lists/${list.id}`, { name: 'ALPHA' }).expect(200);
      const statuses = await Promise.all(
        [list.id, (await createList(owner, 'Gamma')).id].map((id) =>
          as(owner)
            .patch(`/v1/lists/${id}`, { name: 'Delta' })
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 422]);
    });

    it('lets only the owner delete, with members, invitations, shares and items', async () => {
      const { owner, editor, viewer, stranger, list } = await team();
      await as(owner).post(`/v1/lists/${list.id}/invitations`, { email: 'later@example.test', role: 'viewer' }).expect(200);
      await as(editor)
        .post('/v1/actions/add', { list: list.id, items: ['milk'] })
        .expect(200);
      await as(editor).delete(`/v1/lists/${list.id}`).expect(403);
      await as(viewer).delete(`/v1/lists/${list.id}`).expect(403);
      await as(stranger).delete(`/v1/lists/${list.id}`).expect(404);
      expect((await as(owner).delete(`/v1/lists/${list.id}`).expect(200)).body).toEqual({ data: {}, error: null });
      for (const c of [owner, editor, viewer]) await as(c).get(`/v1/lists/${list.id}`).expect(404);
      await as(owner).delete(`/v1/lists/${list.id}`).expect(404);
      for (const table of ['list_members', 'list_invitations', 'list_shares', 'items']) {
        const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE list_id = $1`, [list.id]);
        expect([table, n]).toEqual([table, 0]);
      }
    });
  });

  describe('members', () => {
    it('lists the owner first, then members, for every member to see', async () => {
      const { owner, editor, viewer, list } = await team();
      for (const c of [owner, editor, viewer]) {
        const members = (await as(c).get(`/v1/lists/${list.id}/members`).expect(200)).body.data.members;
        expect(members).toEqual([
          { user: summary(owner), role: 'owner', joined_at: list.created_at },
          { user: summary(editor), role: 'editor', joined_at: expect.stringMatching(ISO_MS) },
          { user: summary(viewer), role: 'viewer', joined_at: expect.stringMatching(ISO_MS) },
        ]);
      }
    });

    it('lets the owner change roles to editor or viewer only', async () => {
      const { owner, editor, viewer, list } = await team();
      const res = await as(owner).patch(`/v1/lists/${list.id}/members/${viewer.id}`, { role: 'editor' }).expect(200);
      expect(res.body.data).toEqual({ member: { user: summary(viewer), role: 'editor', joined_at: expect.stringMatching(ISO_MS) } });
      expect((await as(viewer).get(`/v1/lists/${list.id}`).expect(200)).body.data.list.role).toBe('editor');
      await as(viewer)
        .post('/v1/actions/add', { list: list.id, items: ['now allowed'] })
        .expect(200);
      await as(owner).patch(`/v1/lists/${list.id}/members/${editor.id}`, { role: 'owner' }).expect(400);
      await as(owner).patch(`/v1/lists/${list.id}/members/${editor.id}`, { role: 'viewer', extra: 1 }).expect(400);
      await as(owner).patch(`/v1/lists/${list.id}/members/${owner.id}`, { role: 'viewer' }).expect(422);
      await as(owner).patch(`/v1/lists/${list.id}/members/${randomUUID()}`, { role: 'viewer' }).expect(404);
      await as(editor).patch(`/v1/lists/${list.id}/members/${viewer.id}`, { role: 'viewer' }).expect(403);
    });

    it('lets the owner remove a member and a member leave; the owner cannot leave', async () => {
      const { owner, editor, viewer, list } = await team();
      await as(viewer).delete(`/v1/lists/${list.id}/members/${editor.id}`).expect(403);
      await as(editor).delete(`/v1/lists/${list.id}/members/${owner.id}`).expect(403);
      const res = await as(owner).delete(`/v1/lists/${list.id}/members/${owner.id}`).expect(422);
      expect(res.body.error).toMatch(/delete the list instead/);
      await as(owner).delete(`/v1/lists/${list.id}/members/${editor.id}`).expect(200);
      await as(viewer).delete(`/v1/lists/${list.id}/members/${viewer.id}`).expect(200);
      for (const gone of [editor, viewer]) await as(gone).get(`/v1/lists/${list.id}`).expect(404);
      await as(owner).delete(`/v1/lists/${list.id}/members/${editor.id}`).expect(404);
      expect((await as(owner).get(`/v1/lists/${list.id}/members`).expect(200)).body.data.members).toHaveLength(1);
    });
  });

  describe('what a stranger and malformed ids get', () => {
    const routes = (listId: string, subId: string) =>
      [
        ['get', `/v1/lists/${listId}`],
        ['patch', `/v1/lists/${listId}`, { name: 'Mine now' }],
        ['delete', `/v1/lists/${listId}`],
        ['get', `/v1/lists/${listId}/members`],
        ['patch', `/v1/lists/${listId}/members/${subId}`, { role: 'viewer' }],
        ['delete', `/v1/lists/${listId}/members/${subId}`],
        ['post', `/v1/lists/${listId}/invitations`, { email: 'x@example.test', role: 'viewer' }],
        ['get', `/v1/lists/${listId}/invitations`],
        ['delete', `/v1/lists/${listId}/invitations/${subId}`],
        ['post', `/v1/lists/${listId}/shares`, { role: 'viewer' }],
        ['get', `/v1/lists/${listId}/shares`],
        ['delete', `/v1/lists/${listId}/shares/${subId}`],
      ] as const;

    const call = (c: Client, [method, path, body]: readonly [string, string, object?]) =>
      method === 'get'
        ? c.get(path)
        : method === 'delete'
          ? c.delete(path)
          : method === 'post'
            ? c.post(path, body)
            : c.patch(path, body ?? {});

    it('answers 404 to a stranger on every list route, and changes nothing', async () => {
      const { owner, editor, stranger, list } = await team();
      for (const route of routes(list.id, editor.id)) {
        const res = await call(as(stranger), route);
        expect([route[0], route[1], res.status, res.body.error]).toEqual([route[0], route[1], 404, 'List not found']);
      }
      expect((await as(owner).get(`/v1/lists/${list.id}/members`).expect(200)).body.data.members).toHaveLength(3);
      expect((await as(owner).get(`/v1/lists/${list.id}`).expect(200)).body.data.list.name).toBe('Team list');
    });

    it('answers 404 (never 400 or 500) for malformed ids anywhere in a path', async () => {
      const { owner, list } = await team();
      for (const bad of ['not-a-uuid', '1', "x'%20OR%20'1'='1", '00000000-0000-4000-8000-00000000000g', `${list.id}0`]) {
        for (const route of [...routes(bad, owner.id), ...routes(list.id, bad).filter(([, path]) => path.split('/').length > 5)]) {
          const res = await call(as(owner), route);
          expect([route[0], route[1], res.status]).toEqual([route[0], route[1], 404]);
        }
        for (const path of [`/v1/invitations/${bad}/accept`, `/v1/invitations/${bad}/decline`, `/v1/shares/${bad}/join`]) {
          expect([path, (await as(owner).post(path)).status]).toEqual([path, 404]);
        }
      }
    });
  });

  describe('scopes', () => {
    const table: Array<[string, string, Scope, object?]> = [
      ['get', '/v1/lists', 'lists:read'],
      ['post', '/v1/lists', 'lists:write', { name: 'Scoped' }],
      ['get', '/v1/lists/:id', 'lists:read'],
      ['patch', '/v1/lists/:id', 'lists:write', { name: 'Scoped too' }],
      ['get', '/v1/lists/:id/members', 'lists:read'],
      ['patch', '/v1/lists/:id/members/:member', 'lists:write', { role: 'editor' }],
      ['post', '/v1/lists/:id/invitations', 'lists:write', { email: 'scoped@example.test', role: 'viewer' }],
      ['get', '/v1/lists/:id/invitations', 'lists:read'],
      ['delete', '/v1/lists/:id/invitations/:random', 'lists:write'],
      ['get', '/v1/invitations', 'lists:read'],
      ['post', '/v1/invitations/:random/accept', 'lists:write'],
      ['post', '/v1/invitations/:random/decline', 'lists:write'],
      ['post', '/v1/lists/:id/shares', 'lists:write', { role: 'viewer' }],
      ['get', '/v1/lists/:id/shares', 'lists:read'],
      ['delete', '/v1/lists/:id/shares/:random', 'lists:write'],
      ['post', '/v1/shares/:token/join', 'lists:write'],
      ['delete', '/v1/lists/:id/members/:member', 'lists:write'],
      ['delete', '/v1/lists/:id', 'lists:write'],
    ];

    it('needs exactly the scope of the published table on every route', async () => {
      const { owner, viewer, list } = await team();
      const token = 'A'.repeat(43);
      const only = await Promise.all(table.map(([, , scope]) => keyWithScopes(t.app, owner.id, [scope])));
      const allBut = await Promise.all(
        table.map(([, , scope]) =>
          keyWithScopes(
            t.app,
            owner.id,
            SCOPES.filter((s) => s !== scope),
          ),
        ),
      );
      for (const [i, [method, template, scope, body]] of table.entries()) {
        const path = template
          .replace(':id', list.id)
          .replace(':member', viewer.id)
          .replace(':random', randomUUID())
          .replace(':token', token);
        const send = (key: string) => {
          const c = client(t.server, key);
          return method === 'get'
            ? c.get(path)
            : method === 'delete'
              ? c.delete(path)
              : method === 'post'
                ? c.post(path, body)
                : c.patch(path, body!);
        };
        const refused = await send(allBut[i]);
        expect([method, template, refused.status, refused.body.error]).toEqual([
          method,
          template,
          403,
          `This API key lacks the ${scope} scope`,
        ]);
        const allowed = await send(only[i]);
        expect([method, template, allowed.status]).not.toEqual([method, template, 403]);
      }
    });
  });
});
