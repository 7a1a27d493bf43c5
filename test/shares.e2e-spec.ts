import { randomBytes, randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { Caller, ISO_MS, listsWorld, makeCaller, summary } from './support/lists-client';
import { useTestApp } from './support/test-app';

/** Share links over HTTP: create, list, revoke, join, expiry, the member limit, and who may do what. */
describe('share links (e2e)', () => {
  const t = useTestApp();
  const { as, createList, memberRoles: membersOf, fillWithMembers } = listsWorld(t);

  const createShare = async (owner: Caller, listId: string, body: object = { role: 'viewer' }) =>
    (await as(owner).post(`/v1/lists/${listId}/shares`, body).expect(200)).body.data.share;
  const sharesOf = async (owner: Caller, listId: string) =>
    (await as(owner).get(`/v1/lists/${listId}/shares`).expect(200)).body.data.shares as Array<{ id: string; revoked: boolean }>;
  const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

  describe('POST /v1/lists/:id/shares', () => {
    it.each(['editor', 'viewer'] as const)('makes a link with role %s and a fresh unguessable token, in the Share shape', async (role) => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const res = await as(owner).post(`/v1/lists/${list.id}/shares`, { role }).expect(200);
      expect(res.body).toEqual({
        data: {
          share: {
            id: expect.any(String),
            list_id: list.id,
            token: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
            role,
            created_at: expect.stringMatching(ISO_MS),
            expires_at: null,
            revoked: false,
          },
        },
        error: null,
      });
      // 22 URL-safe characters carry 132 bits; the service issues 32 random bytes (43 characters).
      expect(res.body.data.share.token.length).toBeGreaterThanOrEqual(43);
    });

    it('issues a different token every time', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const tokens = await Promise.all([1, 2, 3, 4, 5].map(async () => (await createShare(owner, list.id)).token));
      expect(new Set(tokens).size).toBe(5);
    });

    it('takes an optional future expires_at, with any offset, and answers it in UTC with milliseconds', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const at = new Date(Date.now() + 24 * 60 * 60 * 1000);
      at.setUTCMilliseconds(0);
      // The same instant written in UTC+02:00.
      const withOffset = new Date(at.getTime() + 2 * 60 * 60 * 1000).toISOString().replace('.000Z', '+02:00');
      expect((await createShare(owner, list.id, { role: 'editor', expires_at: at.toISOString() })).expires_at).toBe(at.toISOString());
      expect((await createShare(owner, list.id, { role: 'editor', expires_at: withOffset })).expires_at).toBe(at.toISOString());
      expect((await createShare(owner, list.id, { role: 'editor', expires_at: null })).expires_at).toBeNull();
    });

    it.each([
      ['no role', {}],
      ['the owner role', { role: 'owner' }],
      ['an unknown role', { role: 'admin' }],
      ['an expires_at in the past', { role: 'viewer', expires_at: '2020-01-01T00:00:00.000Z' }],
      ['an expires_at of now-ish (a second ago)', { role: 'viewer', expires_at: new Date(Date.now() - 1000).toISOString() }],
      ['an expires_at that is no date', { role: 'viewer', expires_at: 'tomorrow' }],
      ['an expires_at that is no real day', { role: 'viewer', expires_at: '2999-02-30T00:00:00Z' }],
      ['an expires_at without offset', { role: 'viewer', expires_at: '2999-01-01T00:00:00' }],
      ['an expires_at that is a number', { role: 'viewer', expires_at: 4102444800000 }],
      ['an unknown field', { role: 'viewer', uses: 3 }],
    ])('refuses a body with %s (400) and makes no link', async (_label, body) => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const res = await as(owner).post(`/v1/lists/${list.id}/shares`, body).expect(400);
      expect(res.body).toEqual({ data: null, error: expect.any(String) });
      expect(await sharesOf(owner, list.id)).toEqual([]);
    });
  });

  describe('a link made while its list is being deleted', () => {
    it('is a 404, not a 500 (foreign-key violation), and no link is left behind', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      // Deterministic race: the list is deleted in a transaction held open from a connection of
      // our own; the request is sent and seen waiting on that transaction; then it commits.
      const deleter = new PgClient({ connectionString: process.env.DATABASE_URL });
      await deleter.connect();
      try {
        await deleter.query('BEGIN');
        await deleter.query('DELETE FROM lists WHERE id = $1', [list.id]);
        const [{ pid }] = (await deleter.query('SELECT pg_backend_pid() AS pid')).rows;
        const creating = as(owner)
          .post(`/v1/lists/${list.id}/shares`, { role: 'viewer' })
          .then((res) => res);
        // pg_locks is read live (pg_stat_activity would be a snapshot): wait for the request to queue.
        for (;;) {
          const [{ waiting }] = await t.db.query(
            'SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND $1::int = ANY(pg_blocking_pids(pid))',
            [pid],
          );
          if (waiting > 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        await deleter.query('COMMIT');
        const res = await creating;
        expect([res.status, res.body]).toEqual([404, { data: null, error: 'List not found' }]);
      } finally {
        await deleter.end();
      }
      expect(await t.db.query('SELECT id FROM list_shares WHERE list_id = $1', [list.id])).toEqual([]);
      expect(t.logs.filter((line) => line.level === 50)).toEqual([]);
    });
  });

  describe('limits', () => {
    /** Adds links straight to the database (HTTP would run into the rate limit), oldest first. */
    const insertLinks = async (listId: string, n: number, state: 'active' | 'revoked' | 'expired') => {
      await t.db.query(
        `INSERT INTO list_shares (id, list_id, token_hash, role, created_at, expires_at, revoked_at)
         SELECT gen_random_uuid(), $1, md5(random()::text) || md5(random()::text), 'viewer',
                now() - interval '1 day' + i * interval '1 second',
                CASE WHEN $3 = 'expired' THEN now() - interval '1 hour' END,
                CASE WHEN $3 = 'revoked' THEN now() - interval '1 hour' END
           FROM generate_series(1, $2) AS i`,
        [listId, n, state],
      );
    };

    it('refuses a 51st active link with a 422 naming the limit; revoked and expired ones do not count', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      await insertLinks(list.id, 49, 'active');
      await insertLinks(list.id, 3, 'revoked');
      await insertLinks(list.id, 3, 'expired');
      const last = await createShare(owner, list.id);
      const refused = await as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'viewer' }).expect(422);
      expect(refused.body).toEqual({ data: null, error: 'A list can have at most 50 active share links; revoke one first' });
      await as(owner).delete(`/v1/lists/${list.id}/shares/${last.id}`).expect(200);
      await createShare(owner, list.id);
    });

    it('keeps the 50 newest revoked or expired links of a list: GET /shares stays bounded', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      await insertLinks(list.id, 40, 'revoked');
      await insertLinks(list.id, 30, 'expired');
      const newestInactive = await t.db.query<Array<{ id: string }>>(
        `SELECT id FROM list_shares WHERE list_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
        [list.id],
      );
      const fresh = await createShare(owner, list.id);
      const shares = await sharesOf(owner, list.id);
      expect(shares).toHaveLength(51);
      expect(new Set(shares.map((x) => x.id))).toEqual(new Set([...newestInactive.map((r) => r.id), fresh.id]));
    });
  });

  describe('GET /v1/lists/:id/shares', () => {
    it('shows the owner every link of the list, revoked ones included, oldest first, without their tokens', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const other = await createList(owner);
      const first = await createShare(owner, list.id, { role: 'viewer' });
      const second = await createShare(owner, list.id, { role: 'editor', expires_at: inAnHour() });
      await createShare(owner, other.id);
      const revoked = (await as(owner).delete(`/v1/lists/${list.id}/shares/${first.id}`).expect(200)).body.data.share;
      expect(revoked).toEqual({ ...first, token: null, revoked: true });
      // A token is shown once, when its link is made: only its hash is stored.
      expect((await as(owner).get(`/v1/lists/${list.id}/shares`).expect(200)).body).toEqual({
        data: {
          shares: [
            { ...first, token: null, revoked: true },
            { ...second, token: null },
          ],
        },
        error: null,
      });
    });
  });

  describe('POST /v1/shares/:token/join', () => {
    it.each(['editor', 'viewer'] as const)('makes the caller a member with the link’s role (%s)', async (role) => {
      const [owner, joiner] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner, 'Shared');
      const share = await createShare(owner, list.id, { role });
      const res = await as(joiner).post(`/v1/shares/${share.token}/join`).expect(200);
      expect(res.body).toEqual({
        data: {
          list: {
            id: list.id,
            name: 'Shared',
            owner: summary(owner),
            role,
            item_count: 0,
            open_item_count: 0,
            created_at: list.created_at,
            updated_at: list.updated_at,
          },
        },
        error: null,
      });
      expect(await membersOf(owner, list.id)).toEqual([
        [owner.id, 'owner'],
        [joiner.id, role],
      ]);
      expect((await as(joiner).get(`/v1/lists/${list.id}`).expect(200)).body.data.list.role).toBe(role);
    });

    it('works for many people with one link, and accepts `{}` as the body but no fields', async () => {
      const [owner, a, b] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const share = await createShare(owner, list.id, { role: 'editor' });
      await as(a).post(`/v1/shares/${share.token}/join`, {}).expect(200);
      await as(b).post(`/v1/shares/${share.token}/join`, { role: 'owner' }).expect(400);
      await as(b).post(`/v1/shares/${share.token}/join`).expect(200);
      expect(await membersOf(owner, list.id)).toHaveLength(3);
    });

    it('refuses a member joining again and the owner joining (422), changing no role', async () => {
      const [owner, member] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const viewerLink = await createShare(owner, list.id, { role: 'viewer' });
      const editorLink = await createShare(owner, list.id, { role: 'editor' });
      await as(member).post(`/v1/shares/${viewerLink.token}/join`).expect(200);
      for (const link of [viewerLink, editorLink]) {
        const again = await as(member).post(`/v1/shares/${link.token}/join`).expect(422);
        expect(again.body).toEqual({ data: null, error: 'You are already a member of this list' });
        const self = await as(owner).post(`/v1/shares/${link.token}/join`).expect(422);
        expect(self.body).toEqual({ data: null, error: 'You own this list already' });
      }
      expect(await membersOf(owner, list.id)).toEqual([
        [owner.id, 'owner'],
        [member.id, 'viewer'],
      ]);
    });

    it('answers concurrent joins of one person with one 200 and 422s, never a 500', async () => {
      const [owner, joiner] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const share = await createShare(owner, list.id);
      const statuses = await Promise.all(
        [1, 2, 3].map(() =>
          as(joiner)
            .post(`/v1/shares/${share.token}/join`)
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 422, 422]);
      expect(await membersOf(owner, list.id)).toHaveLength(2);
    });

    it('is one 404 for unknown, malformed, revoked and expired tokens', async () => {
      const [owner, joiner] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const revoked = await createShare(owner, list.id);
      await as(owner).delete(`/v1/lists/${list.id}/shares/${revoked.id}`).expect(200);
      const expired = await createShare(owner, list.id, { role: 'editor', expires_at: inAnHour() });
      await t.db.query(`UPDATE list_shares SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
      const live = await createShare(owner, list.id);

      const tokens = [
        revoked.token,
        expired.token,
        randomBytes(32).toString('base64url'), // well-formed, never issued
        live.token.slice(0, -1), // one character short
        `${live.token.slice(0, -1)}${live.token.endsWith('A') ? 'B' : 'A'}`, // last character wrong
        live.id, // the link's id is not its token
        'short',
        'x'.repeat(300),
        encodeURIComponent("' OR '1'='1"),
      ];
      for (const token of tokens) {
        const res = await as(joiner).post(`/v1/shares/${token}/join`);
        expect([token, res.status, res.body]).toEqual([token, 404, { data: null, error: 'Share link not found, revoked or expired' }]);
      }
      await as(joiner).get(`/v1/lists/${list.id}`).expect(404);
      expect(await membersOf(owner, list.id)).toHaveLength(1);
    });

    it('stops at 50 members, the owner included, with a 422 naming the limit', async () => {
      const [owner, last, tooMany] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const share = await createShare(owner, list.id, { role: 'editor' });
      await fillWithMembers(list.id, 48);
      await as(last).post(`/v1/shares/${share.token}/join`).expect(200);
      const res = await as(tooMany).post(`/v1/shares/${share.token}/join`).expect(422);
      expect(res.body).toEqual({ data: null, error: 'A list can have at most 50 members, the owner included' });
      expect(await membersOf(owner, list.id)).toHaveLength(50);
      await as(tooMany).get(`/v1/lists/${list.id}`).expect(404);

      // Room again once someone leaves.
      await as(last).delete(`/v1/lists/${list.id}/members/${last.id}`).expect(200);
      await as(tooMany).post(`/v1/shares/${share.token}/join`).expect(200);
    });

    it('holds the 50-member limit under concurrent joins', async () => {
      const owner = await makeCaller(t.app);
      const joiners = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const share = await createShare(owner, list.id);
      await fillWithMembers(list.id, 47);
      const statuses = await Promise.all(
        joiners.map((j) =>
          as(j)
            .post(`/v1/shares/${share.token}/join`)
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 200, 422]);
      expect(await membersOf(owner, list.id)).toHaveLength(50);
    });
  });

  describe('secrecy of tokens', () => {
    it('stores only the hash of a token: no column of list_shares holds it, and the link still works', async () => {
      const [owner, joiner] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const share = await createShare(owner, list.id, { role: 'viewer' });
      const [row] = await t.db.query('SELECT to_jsonb(s) AS row FROM list_shares s WHERE id = $1', [share.id]);
      expect(Object.keys(row.row).sort()).toEqual(['created_at', 'expires_at', 'id', 'list_id', 'revoked_at', 'role', 'token_hash']);
      expect(JSON.stringify(row.row)).not.toContain(share.token);
      await as(joiner).post(`/v1/shares/${share.token}/join`).expect(200);
    });

    it('keeps no token in a stored Idempotency-Key response: the first answer shows it, the replay shows null', async () => {
      const [owner, joiner] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const idempotencyKey = `share-${randomUUID()}`;
      const create = () =>
        as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).set('Idempotency-Key', idempotencyKey).expect(200);
      const first = await create();
      const share = first.body.data.share;
      expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const [stored] = await t.db.query('SELECT response::text AS response FROM idempotency_keys WHERE user_id = $1 AND key = $2', [
        owner.id,
        idempotencyKey,
      ]);
      expect(stored.response).not.toContain(share.token);
      expect(JSON.parse(stored.response)).toEqual({ share: { ...share, token: null } });
      const replay = await create();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual({ data: { share: { ...share, token: null } }, error: null });
      // One link was made, and the token shown the first time is the one that works.
      expect(await sharesOf(owner, list.id)).toHaveLength(1);
      await as(joiner).post(`/v1/shares/${share.token}/join`).expect(200);
    });

    it('never writes a share token to the logs, whether the join works or not', async () => {
      const [owner, joiner] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const share = await createShare(owner, list.id, { role: 'editor' });
      const unknown = randomBytes(32).toString('base64url');
      await as(joiner).post(`/v1/shares/${share.token}/join`).expect(200);
      await as(joiner).post(`/v1/shares/${share.token}/join`).expect(422);
      await as(joiner).post(`/v1/shares/${unknown}/join`).expect(404);
      const lines = t.logs.filter((line) => JSON.stringify(line).includes('/v1/shares/'));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(t.logText()).not.toContain(share.token);
      expect(t.logText()).not.toContain(unknown);
    });
  });

  describe('DELETE /v1/lists/:id/shares/:share_id', () => {
    it('revokes a link at once: no new joins, members who joined stay; revoking again changes nothing', async () => {
      const [owner, early, late] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const share = await createShare(owner, list.id, { role: 'editor' });
      await as(early).post(`/v1/shares/${share.token}/join`).expect(200);

      const res = await as(owner).delete(`/v1/lists/${list.id}/shares/${share.id}`).expect(200);
      expect(res.body).toEqual({ data: { share: { ...share, token: null, revoked: true } }, error: null });
      await as(late).post(`/v1/shares/${share.token}/join`).expect(404);
      expect(await membersOf(owner, list.id)).toEqual([
        [owner.id, 'owner'],
        [early.id, 'editor'],
      ]);
      await as(early)
        .post('/v1/actions/add', { list: list.id, items: ['still here'] })
        .expect(200);
      expect((await as(owner).delete(`/v1/lists/${list.id}/shares/${share.id}`).expect(200)).body.data.share.revoked).toBe(true);
    });

    it('is a 404 for a link of another list, an unknown one and a malformed id, revoking nothing', async () => {
      const owner = await makeCaller(t.app);
      const [mine, other] = await Promise.all([createList(owner), createList(owner)]);
      const onOther = await createShare(owner, other.id);
      for (const id of [onOther.id, randomUUID(), 'not-an-id', onOther.token]) {
        const res = await as(owner).delete(`/v1/lists/${mine.id}/shares/${id}`).expect(404);
        expect(res.body).toEqual({ data: null, error: 'Share link not found' });
      }
      expect((await sharesOf(owner, other.id)).map((s) => s.revoked)).toEqual([false]);
    });
  });

  describe('who may do what', () => {
    it('editors and viewers get 403 on creating, listing and revoking links; the link keeps working', async () => {
      const [owner, editor, viewer, newcomer] = await Promise.all([0, 1, 2, 3].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const editorLink = await createShare(owner, list.id, { role: 'editor' });
      const viewerLink = await createShare(owner, list.id, { role: 'viewer' });
      await as(editor).post(`/v1/shares/${editorLink.token}/join`).expect(200);
      await as(viewer).post(`/v1/shares/${viewerLink.token}/join`).expect(200);
      for (const who of [editor, viewer]) {
        const res = await as(who).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(403);
        expect(res.body).toEqual({ data: null, error: "Only the list's owner can create share links" });
        await as(who).get(`/v1/lists/${list.id}/shares`).expect(403);
        await as(who).delete(`/v1/lists/${list.id}/shares/${viewerLink.id}`).expect(403);
      }
      expect((await sharesOf(owner, list.id)).map((s) => s.revoked)).toEqual([false, false]);
      await as(newcomer).post(`/v1/shares/${viewerLink.token}/join`).expect(200);
    });

    it('a viewer who joined by link reads items but may not write them (403); an editor may', async () => {
      const [owner, editor, viewer] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner, 'Chores');
      await as(editor)
        .post(`/v1/shares/${(await createShare(owner, list.id, { role: 'editor' })).token}/join`)
        .expect(200);
      await as(viewer)
        .post(`/v1/shares/${(await createShare(owner, list.id, { role: 'viewer' })).token}/join`)
        .expect(200);

      const added = (
        await as(editor)
          .post('/v1/actions/add', { list: 'chores', items: ['dishes', 'laundry'] })
          .expect(200)
      ).body.data;
      expect(added.list).toEqual({ id: list.id, name: 'Chores' });
      for (const action of ['add', 'complete', 'reopen', 'remove']) {
        const res = await as(viewer)
          .post(`/v1/actions/${action}`, { list: list.id, items: ['dishes'] })
          .expect(403);
        expect(res.body.data).toBeNull();
      }
      const items = (await as(viewer).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items;
      expect(items.map((i: { text: string; completed: boolean }) => [i.text, i.completed])).toEqual([
        ['dishes', false],
        ['laundry', false],
      ]);
      await as(editor)
        .post('/v1/actions/complete', { list: list.id, items: ['dishes'] })
        .expect(200);
      expect((await as(viewer).get(`/v1/lists/${list.id}`).expect(200)).body.data.list).toMatchObject({
        item_count: 2,
        open_item_count: 1,
      });
    });

    it('a stranger gets 404 on every share route of someone else’s list, and nothing changes', async () => {
      const [owner, stranger] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const share = await createShare(owner, list.id);
      const own = await createList(stranger);
      const attempts: Array<[string, PromiseLike<{ status: number; body: { data: unknown } }>]> = [
        ['POST /v1/lists/:id/shares', as(stranger).post(`/v1/lists/${list.id}/shares`, { role: 'editor' })],
        ['GET /v1/lists/:id/shares', as(stranger).get(`/v1/lists/${list.id}/shares`)],
        ['DELETE /v1/lists/:id/shares/:share_id', as(stranger).delete(`/v1/lists/${list.id}/shares/${share.id}`)],
        // Through a list the stranger owns: still not their link.
        ['DELETE /v1/lists/:own_list/shares/:share_id', as(stranger).delete(`/v1/lists/${own.id}/shares/${share.id}`)],
      ];
      for (const [route, attempt] of attempts) {
        const res = await attempt;
        expect([route, res.status, res.body.data]).toEqual([route, 404, null]);
      }
      expect(await sharesOf(owner, list.id)).toEqual([{ ...share, token: null }]);
    });
  });
});
