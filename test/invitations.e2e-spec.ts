import { randomBytes, randomUUID } from 'node:crypto';
import { Caller, ISO_MS, listsWorld, makeCaller, summary } from './support/lists-client';
import { useTestApp } from './support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Invitations over HTTP: every route, every status, who may act on them, expiry and atomic acceptance. */
describe('invitations (e2e)', () => {
  const t = useTestApp();
  const { as, createList, membersOf, fillWithMembers } = listsWorld(t);

  const freshEmail = (tag = 'inv') => `${tag}_${randomBytes(5).toString('hex')}@example.test`;
  const invite = async (owner: Caller, listId: string, email: string, role: 'editor' | 'viewer' = 'editor') =>
    (await as(owner).post(`/v1/lists/${listId}/invitations`, { email, role }).expect(200)).body.data.invitation;
  const invitationsOf = async (owner: Caller, listId: string) =>
    (await as(owner).get(`/v1/lists/${listId}/invitations`).expect(200)).body.data.invitations as Array<{ id: string; status: string }>;
  const statusOf = async (owner: Caller, listId: string, invitationId: string) =>
    (await invitationsOf(owner, listId)).find((i) => i.id === invitationId)?.status;
  /**
   * Lets `days` pass for one invitation without waiting: its expiry moves back by that much
   * (created_at stays, so the owner's oldest-first order is not disturbed).
   */
  const age = (invitationId: string, days: number) =>
    t.db.query(`UPDATE list_invitations SET expires_at = expires_at - make_interval(days => $2) WHERE id = $1`, [invitationId, days]);

  describe('POST /v1/lists/:id/invitations', () => {
    it.each(['editor', 'viewer'] as const)('invites an address as %s, pending for 14 days, in the Invitation shape', async (role) => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const email = freshEmail();
      const res = await as(owner)
        .post(`/v1/lists/${list.id}/invitations`, { email: `  ${email.toUpperCase()} `, role })
        .expect(200);
      expect(res.body).toEqual({
        data: {
          invitation: {
            id: expect.any(String),
            list: { id: list.id, name: list.name },
            invitee: { email },
            inviter: summary(owner),
            role,
            status: 'pending',
            created_at: expect.stringMatching(ISO_MS),
            expires_at: expect.stringMatching(ISO_MS),
            responded_at: null,
          },
        },
        error: null,
      });
      const invitation = res.body.data.invitation;
      expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(14 * DAY_MS);
      expect(await invitationsOf(owner, list.id)).toEqual([invitation]);
    });

    it('accepts every address an account can sign up with, so any account can be invited', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const tag = randomBytes(4).toString('hex');
      for (const email of [`x_${tag}@mail_host.example.test`, `y_${tag}@b.c`]) {
        const account = await makeCaller(t.app, { email });
        const inv = await invite(owner, list.id, email, 'viewer');
        await as(account).post(`/v1/invitations/${inv.id}/accept`).expect(200);
      }
      expect(await membersOf(owner, list.id)).toHaveLength(3);
    });

    it.each([
      ['no email', { role: 'editor' }],
      ['no role', { email: 'someone@example.test' }],
      ['an email that is no address', { email: 'not-an-email', role: 'editor' }],
      ['an empty email', { email: '', role: 'editor' }],
      ['an email over 254 characters', { email: `${'a'.repeat(250)}@x.io`, role: 'editor' }],
      ['an email with white space inside', { email: 'ada lovelace@example.test', role: 'editor' }],
      ['an email that is not a string', { email: 42, role: 'editor' }],
      ['the owner role', { email: 'someone@example.test', role: 'owner' }],
      ['an unknown role', { email: 'someone@example.test', role: 'admin' }],
      ['an unknown field', { email: 'someone@example.test', role: 'editor', message: 'hi' }],
    ])('refuses a body with %s (400) and stores nothing', async (_label, body) => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const res = await as(owner).post(`/v1/lists/${list.id}/invitations`, body).expect(400);
      expect(res.body).toEqual({ data: null, error: expect.any(String) });
      expect(await invitationsOf(owner, list.id)).toEqual([]);
    });

    it('refuses the owner’s own email and a member’s email, whatever the case (422)', async () => {
      const [owner, member] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const accepted = await invite(owner, list.id, member.email, 'viewer');
      await as(member).post(`/v1/invitations/${accepted.id}/accept`).expect(200);

      const self = await as(owner)
        .post(`/v1/lists/${list.id}/invitations`, { email: owner.email.toUpperCase(), role: 'editor' })
        .expect(422);
      expect(self.body).toEqual({ data: null, error: 'This email belongs to the owner of the list' });
      for (const email of [member.email, ` ${member.email.toUpperCase()}`]) {
        const res = await as(owner).post(`/v1/lists/${list.id}/invitations`, { email, role: 'editor' }).expect(422);
        expect(res.body).toEqual({ data: null, error: 'This email belongs to a member of the list already' });
      }
      expect((await invitationsOf(owner, list.id)).map((i) => i.status)).toEqual(['accepted']);
    });

    it('refuses an address with a pending invitation (422), and allows it again after a decline, revoke or expiry', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const first = await invite(owner, list.id, invitee.email);
      const dup = await as(owner)
        .post(`/v1/lists/${list.id}/invitations`, { email: invitee.email.toUpperCase(), role: 'viewer' })
        .expect(422);
      expect(dup.body.error).toMatch(/pending invitation/);

      await as(invitee).post(`/v1/invitations/${first.id}/decline`).expect(200);
      const second = await invite(owner, list.id, invitee.email);
      await as(owner).delete(`/v1/lists/${list.id}/invitations/${second.id}`).expect(200);
      const third = await invite(owner, list.id, invitee.email);
      await age(third.id, 14);
      const fourth = await invite(owner, list.id, invitee.email, 'viewer');
      expect((await invitationsOf(owner, list.id)).map((i) => [i.id, i.status])).toEqual([
        [first.id, 'declined'],
        [second.id, 'revoked'],
        [third.id, 'expired'],
        [fourth.id, 'pending'],
      ]);
    });

    it('answers concurrent invitations of one address with one 200 and 422s, never a 500', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const email = freshEmail();
      const statuses = await Promise.all(
        ['editor', 'viewer', 'editor'].map((role) =>
          as(owner)
            .post(`/v1/lists/${list.id}/invitations`, { email, role })
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 422, 422]);
      expect(await invitationsOf(owner, list.id)).toHaveLength(1);
    });

    it('refuses to invite into a list that already has 50 members (422), since nobody could accept', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      await fillWithMembers(list.id, 49);
      const res = await as(owner).post(`/v1/lists/${list.id}/invitations`, { email: freshEmail(), role: 'viewer' }).expect(422);
      expect(res.body).toEqual({ data: null, error: 'A list can have at most 50 members, the owner included' });
      expect(await invitationsOf(owner, list.id)).toEqual([]);
    });

    it('stops at 50 pending invitations per list with a 422 naming the limit; expired ones do not count', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      await t.db.query(
        `INSERT INTO list_invitations (id, list_id, email, role, inviter_id, status, created_at, expires_at)
         SELECT gen_random_uuid(), $1, 'bulk' || n || '@example.test', 'viewer', $2, 'pending', now(), now() + interval '14 days'
         FROM generate_series(1, 49) AS n`,
        [list.id, owner.id],
      );
      const fiftieth = await invite(owner, list.id, freshEmail());
      const refused = await as(owner).post(`/v1/lists/${list.id}/invitations`, { email: freshEmail(), role: 'viewer' }).expect(422);
      expect(refused.body).toEqual({ data: null, error: expect.stringMatching(/at most 50 pending invitations/) });
      expect(await invitationsOf(owner, list.id)).toHaveLength(50);

      await age(fiftieth.id, 15);
      await invite(owner, list.id, freshEmail());
      await as(owner).post(`/v1/lists/${list.id}/invitations`, { email: freshEmail(), role: 'viewer' }).expect(422);
    });

    it('is for the owner only: editors and viewers get 403 on every invitation route of the list', async () => {
      const [owner, editor, viewer] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      for (const [who, role] of [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ] as const) {
        const inv = await invite(owner, list.id, who.email, role);
        await as(who).post(`/v1/invitations/${inv.id}/accept`).expect(200);
      }
      const pending = await invite(owner, list.id, freshEmail());
      for (const who of [editor, viewer]) {
        const res = await as(who).post(`/v1/lists/${list.id}/invitations`, { email: freshEmail(), role: 'viewer' }).expect(403);
        expect(res.body).toEqual({ data: null, error: "Only the list's owner can invite members" });
        await as(who).get(`/v1/lists/${list.id}/invitations`).expect(403);
        await as(who).delete(`/v1/lists/${list.id}/invitations/${pending.id}`).expect(403);
      }
      expect(await statusOf(owner, list.id, pending.id)).toBe('pending');
      expect(await invitationsOf(owner, list.id)).toHaveLength(3);
    });
  });

  describe('GET /v1/lists/:id/invitations', () => {
    it('shows the owner every invitation of the list, oldest first, with its current status', async () => {
      const [owner, a, b, c] = await Promise.all([0, 1, 2, 3].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const toA = await invite(owner, list.id, a.email);
      const toB = await invite(owner, list.id, b.email, 'viewer');
      const toC = await invite(owner, list.id, c.email);
      const toNobody = await invite(owner, list.id, freshEmail());
      const toLate = await invite(owner, list.id, freshEmail());
      await as(a).post(`/v1/invitations/${toA.id}/accept`).expect(200);
      await as(b).post(`/v1/invitations/${toB.id}/decline`).expect(200);
      await as(owner).delete(`/v1/lists/${list.id}/invitations/${toC.id}`).expect(200);
      await age(toLate.id, 14);

      const shown = await invitationsOf(owner, list.id);
      expect(shown.map((i) => [i.id, i.status])).toEqual([
        [toA.id, 'accepted'],
        [toB.id, 'declined'],
        [toC.id, 'revoked'],
        [toNobody.id, 'pending'],
        [toLate.id, 'expired'],
      ]);
      const byId = new Map(shown.map((i) => [i.id, i as Record<string, unknown>]));
      expect(byId.get(toA.id)!.responded_at).toEqual(expect.stringMatching(ISO_MS));
      expect(byId.get(toB.id)!.responded_at).toEqual(expect.stringMatching(ISO_MS));
      // Revoking is the owner's act, not a response of the invitee.
      expect(byId.get(toC.id)!.responded_at).toBeNull();
      expect(byId.get(toLate.id)!.responded_at).toBeNull();
    });
  });

  describe('GET /v1/invitations', () => {
    it('shows the caller only their pending invitations, from every list, with list name and inviter', async () => {
      const [alice, bob, me, other] = await Promise.all([0, 1, 2, 3].map(() => makeCaller(t.app)));
      const fromAlice = await createList(alice, 'Alice things');
      const fromBob = await createList(bob, 'Bob things');
      const declined = await createList(bob, 'Declined');
      const expired = await createList(bob, 'Expired');
      const one = await invite(alice, fromAlice.id, me.email, 'viewer');
      const two = await invite(bob, fromBob.id, me.email.toUpperCase(), 'editor');
      const no = await invite(bob, declined.id, me.email);
      const old = await invite(bob, expired.id, me.email);
      await invite(alice, fromAlice.id, other.email);
      await as(me).post(`/v1/invitations/${no.id}/decline`).expect(200);
      await age(old.id, 14);

      const mine = (await as(me).get('/v1/invitations').expect(200)).body;
      expect(mine).toEqual({ data: { invitations: [one, two] }, error: null });
      expect(mine.data.invitations[0]).toMatchObject({ list: { id: fromAlice.id, name: 'Alice things' }, inviter: summary(alice) });
      expect((await as(other).get('/v1/invitations').expect(200)).body.data.invitations).toHaveLength(1);
      expect((await as(alice).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
    });

    it('finds an invitation sent before the invitee signed up, matching the email case-insensitively', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner, 'Waiting for you');
      const email = freshEmail('later');
      const sent = await invite(owner, list.id, email, 'viewer');

      const newcomer = await makeCaller(t.app, { email: email.toUpperCase() });
      const mine = (await as(newcomer).get('/v1/invitations').expect(200)).body.data.invitations;
      expect(mine).toEqual([sent]);
      const joined = (await as(newcomer).post(`/v1/invitations/${sent.id}/accept`).expect(200)).body.data.list;
      expect(joined).toMatchObject({ id: list.id, name: 'Waiting for you', role: 'viewer', owner: summary(owner) });
      expect((await as(newcomer).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
    });

    it('follows a rename of the list', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner, 'Before');
      await invite(owner, list.id, invitee.email);
      await as(owner).patch(`/v1/lists/${list.id}`, { name: 'After' }).expect(200);
      const [shown] = (await as(invitee).get('/v1/invitations').expect(200)).body.data.invitations;
      expect(shown.list).toEqual({ id: list.id, name: 'After' });
    });
  });

  describe('POST /v1/invitations/:inv_id/accept', () => {
    it('joins the invitee with the invited role and closes the invitation, together', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner, 'Join me');
      const inv = await invite(owner, list.id, invitee.email, 'viewer');

      const res = await as(invitee).post(`/v1/invitations/${inv.id}/accept`).expect(200);
      expect(res.body).toEqual({
        data: {
          list: {
            id: list.id,
            name: 'Join me',
            owner: summary(owner),
            role: 'viewer',
            item_count: 0,
            open_item_count: 0,
            created_at: list.created_at,
            updated_at: expect.stringMatching(ISO_MS),
          },
        },
        error: null,
      });
      expect((await membersOf(owner, list.id)).map((m) => [m.user.id, m.role])).toEqual([
        [owner.id, 'owner'],
        [invitee.id, 'viewer'],
      ]);
      const [closed] = await invitationsOf(owner, list.id);
      expect(closed).toMatchObject({ id: inv.id, status: 'accepted', responded_at: expect.stringMatching(ISO_MS) });
      expect((await as(invitee).get('/v1/lists').expect(200)).body.data.lists.map((l: { id: string }) => l.id)).toEqual([list.id]);
    });

    it('accepts an empty JSON object as the body, and refuses unknown fields (400) without joining', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email);
      await as(invitee).post(`/v1/invitations/${inv.id}/accept`, { role: 'owner' }).expect(400);
      expect(await statusOf(owner, list.id, inv.id)).toBe('pending');
      expect(await membersOf(owner, list.id)).toHaveLength(1);
      await as(invitee).post(`/v1/invitations/${inv.id}/accept`, {}).expect(200);
    });

    it('is a 404 for the owner, another user and a stranger, and changes nothing', async () => {
      const [owner, invitee, member, stranger] = await Promise.all([0, 1, 2, 3].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const toMember = await invite(owner, list.id, member.email);
      await as(member).post(`/v1/invitations/${toMember.id}/accept`).expect(200);
      const inv = await invite(owner, list.id, invitee.email);
      for (const who of [owner, member, stranger]) {
        for (const action of ['accept', 'decline']) {
          const res = await as(who).post(`/v1/invitations/${inv.id}/${action}`).expect(404);
          expect(res.body).toEqual({ data: null, error: 'Invitation not found' });
        }
      }
      expect(await statusOf(owner, list.id, inv.id)).toBe('pending');
      expect(await membersOf(owner, list.id)).toHaveLength(2);
    });

    it('is a 404 for unknown and malformed invitation ids', async () => {
      const me = await makeCaller(t.app);
      for (const id of [randomUUID(), 'nope', '1', '00000000-0000-4000-8000-00000000000g']) {
        for (const action of ['accept', 'decline']) await as(me).post(`/v1/invitations/${id}/${action}`).expect(404);
      }
    });

    it('refuses anything but a pending invitation (422): accepted, declined, revoked or expired', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const lists = await Promise.all(['A', 'B', 'C', 'D'].map((name) => createList(owner, name)));
      const [accepted, declined, revoked, expired] = await Promise.all(lists.map((l) => invite(owner, l.id, invitee.email)));
      await as(invitee).post(`/v1/invitations/${accepted.id}/accept`).expect(200);
      await as(invitee).post(`/v1/invitations/${declined.id}/decline`).expect(200);
      await as(owner).delete(`/v1/lists/${lists[2].id}/invitations/${revoked.id}`).expect(200);
      await age(expired.id, 14);

      for (const [inv, status] of [
        [accepted, 'accepted'],
        [declined, 'declined'],
        [revoked, 'revoked'],
        [expired, 'expired'],
      ] as const) {
        for (const action of ['accept', 'decline']) {
          const res = await as(invitee).post(`/v1/invitations/${inv.id}/${action}`).expect(422);
          expect(res.body).toEqual({
            data: null,
            error: `Only a pending invitation can be accepted, declined or revoked; this one is ${status}`,
          });
        }
      }
      // Only the first list was joined; the others are still invisible to the invitee.
      expect((await as(invitee).get('/v1/lists').expect(200)).body.data.lists.map((l: { id: string }) => l.id)).toEqual([lists[0].id]);
      for (const l of lists.slice(1)) await as(invitee).get(`/v1/lists/${l.id}`).expect(404);
    });

    it('expires 14 days after it was sent: a day short of that it still works', async () => {
      const [owner, early, late] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const fresh = await invite(owner, list.id, early.email);
      const stale = await invite(owner, list.id, late.email);
      await age(fresh.id, 13);
      await age(stale.id, 14);
      expect((await as(early).get('/v1/invitations').expect(200)).body.data.invitations.map((i: { id: string }) => i.id)).toEqual([
        fresh.id,
      ]);
      expect((await as(late).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
      await as(early).post(`/v1/invitations/${fresh.id}/accept`).expect(200);
      await as(late).post(`/v1/invitations/${stale.id}/accept`).expect(422);
      expect((await membersOf(owner, list.id)).map((m) => m.user.id)).toEqual([owner.id, early.id]);
    });

    it('leaves the invitation pending and no membership behind when accepting fails (member already, list full)', async () => {
      const [owner, invitee, crowd] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email);
      // The invitee joins through a share link meanwhile.
      const share = (await as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
      await as(invitee).post(`/v1/shares/${share.token}/join`).expect(200);
      const res = await as(invitee).post(`/v1/invitations/${inv.id}/accept`).expect(422);
      expect(res.body.error).toBe('You are already a member of this list');
      expect(await statusOf(owner, list.id, inv.id)).toBe('pending');
      expect((await membersOf(owner, list.id)).map((m) => [m.user.id, m.role])).toEqual([
        [owner.id, 'owner'],
        [invitee.id, 'viewer'],
      ]);

      const full = await createList(owner);
      const waiting = await invite(owner, full.id, crowd.email);
      await fillWithMembers(full.id, 49);
      const refused = await as(crowd).post(`/v1/invitations/${waiting.id}/accept`).expect(422);
      expect(refused.body.error).toMatch(/at most 50 members/);
      expect(await statusOf(owner, full.id, waiting.id)).toBe('pending');
      expect(await membersOf(owner, full.id)).toHaveLength(50);
      await as(crowd).get(`/v1/lists/${full.id}`).expect(404);
    });

    it('rolls the membership back when closing the invitation fails in the same transaction', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email);
      // Make the invitation's own update fail after the membership row was written.
      const fn = `fail_inv_${randomBytes(4).toString('hex')}`;
      await t.db.query(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.id = '${inv.id}'::uuid THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`,
      );
      await t.db.query(`CREATE TRIGGER ${fn} BEFORE UPDATE ON list_invitations FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      try {
        const res = await as(invitee).post(`/v1/invitations/${inv.id}/accept`).expect(500);
        expect(res.body.error).not.toMatch(/injected|list_invitations|SQL/i);
        expect(await membersOf(owner, list.id)).toHaveLength(1);
        expect(await statusOf(owner, list.id, inv.id)).toBe('pending');
      } finally {
        await t.db.query(`DROP TRIGGER ${fn} ON list_invitations`);
        await t.db.query(`DROP FUNCTION ${fn}()`);
      }
      await as(invitee).post(`/v1/invitations/${inv.id}/accept`).expect(200);
      expect(await membersOf(owner, list.id)).toHaveLength(2);
    });

    it('lets exactly one of concurrent accepts win, with one membership', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email);
      const statuses = await Promise.all(
        [1, 2, 3].map(() =>
          as(invitee)
            .post(`/v1/invitations/${inv.id}/accept`)
            .then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, 422, 422]);
      expect(await membersOf(owner, list.id)).toHaveLength(2);
      expect(await statusOf(owner, list.id, inv.id)).toBe('accepted');
    });
  });

  describe('POST /v1/invitations/:inv_id/decline', () => {
    it('closes the invitation as declined, joins nobody, and drops it from the invitee’s pending list', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email, 'viewer');
      const res = await as(invitee).post(`/v1/invitations/${inv.id}/decline`).expect(200);
      expect(res.body).toEqual({
        data: { invitation: { ...inv, status: 'declined', responded_at: expect.stringMatching(ISO_MS) } },
        error: null,
      });
      expect(await membersOf(owner, list.id)).toHaveLength(1);
      expect((await as(invitee).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
      await as(invitee).get(`/v1/lists/${list.id}`).expect(404);
    });
  });

  describe('DELETE /v1/lists/:id/invitations/:inv_id', () => {
    it('revokes a pending invitation; the invitee can then neither see nor accept it', async () => {
      const [owner, invitee] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email);
      const res = await as(owner).delete(`/v1/lists/${list.id}/invitations/${inv.id}`).expect(200);
      expect(res.body).toEqual({ data: { invitation: { ...inv, status: 'revoked', responded_at: null } }, error: null });
      expect((await as(invitee).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
      // API.md section 3: only a pending invitation can be accepted, otherwise 422.
      await as(invitee).post(`/v1/invitations/${inv.id}/accept`).expect(422);
      await as(invitee).get(`/v1/lists/${list.id}`).expect(404);
      const again = await as(owner).delete(`/v1/lists/${list.id}/invitations/${inv.id}`).expect(422);
      expect(again.body.error).toMatch(/this one is revoked/);
    });

    it('refuses to revoke an accepted, declined or expired invitation (422)', async () => {
      const [owner, a, b] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const accepted = await invite(owner, list.id, a.email);
      const declined = await invite(owner, list.id, b.email);
      const expired = await invite(owner, list.id, freshEmail());
      await as(a).post(`/v1/invitations/${accepted.id}/accept`).expect(200);
      await as(b).post(`/v1/invitations/${declined.id}/decline`).expect(200);
      await age(expired.id, 20);
      for (const inv of [accepted, declined, expired]) await as(owner).delete(`/v1/lists/${list.id}/invitations/${inv.id}`).expect(422);
      expect((await invitationsOf(owner, list.id)).map((i) => i.status)).toEqual(['accepted', 'declined', 'expired']);
      expect(await membersOf(owner, list.id)).toHaveLength(2);
    });

    it('is a 404 for an invitation of another list, an unknown one and a malformed id', async () => {
      const owner = await makeCaller(t.app);
      const [mine, other] = await Promise.all([createList(owner, 'Mine'), createList(owner, 'Other')]);
      const onOther = await invite(owner, other.id, freshEmail());
      for (const id of [onOther.id, randomUUID(), 'not-an-id']) {
        const res = await as(owner).delete(`/v1/lists/${mine.id}/invitations/${id}`).expect(404);
        expect(res.body).toEqual({ data: null, error: 'Invitation not found' });
      }
      expect(await statusOf(owner, other.id, onOther.id)).toBe('pending');
    });
  });

  describe('what a stranger gets', () => {
    it('404 on every invitation route of someone else’s list and on their invitations, changing nothing', async () => {
      const [owner, invitee, stranger] = await Promise.all([0, 1, 2].map(() => makeCaller(t.app)));
      const list = await createList(owner);
      const inv = await invite(owner, list.id, invitee.email);
      const own = await createList(stranger);
      const attempts: Array<[string, PromiseLike<{ status: number; body: { data: unknown } }>]> = [
        [
          'POST /v1/lists/:id/invitations',
          as(stranger).post(`/v1/lists/${list.id}/invitations`, { email: stranger.email, role: 'editor' }),
        ],
        ['GET /v1/lists/:id/invitations', as(stranger).get(`/v1/lists/${list.id}/invitations`)],
        ['DELETE /v1/lists/:id/invitations/:inv_id', as(stranger).delete(`/v1/lists/${list.id}/invitations/${inv.id}`)],
        // Through a list the stranger does own: still not their invitation.
        ['DELETE /v1/lists/:own_list/invitations/:inv_id', as(stranger).delete(`/v1/lists/${own.id}/invitations/${inv.id}`)],
        ['POST /v1/invitations/:inv_id/accept', as(stranger).post(`/v1/invitations/${inv.id}/accept`)],
        ['POST /v1/invitations/:inv_id/decline', as(stranger).post(`/v1/invitations/${inv.id}/decline`)],
      ];
      for (const [route, attempt] of attempts) {
        const res = await attempt;
        expect([route, res.status, res.body.data]).toEqual([route, 404, null]);
      }
      expect((await invitationsOf(owner, list.id)).map((i) => [i.id, i.status])).toEqual([[inv.id, 'pending']]);
      expect((await as(stranger).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
    });
  });
});
