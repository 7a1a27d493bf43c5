import { accountViewer } from '../../../common/auth/reach';
import { listsFixture, ListsFixture } from '../testing/lists-fixture';
import { INVITATION_TTL_MS, MAX_INVITATION_MAILS_PER_DAY, MAX_MEMBERS, MAX_PENDING_INVITATIONS } from './limits';
import { InvitationMailLimit } from './lists.errors';
import { Membership } from './membership';

describe('InvitationsService', () => {
  let f: ListsFixture;
  let owner: string;
  let editor: string;
  let ada: string;
  let listId: string;

  beforeEach(async () => {
    f = listsFixture();
    owner = await f.addUser('owner@example.test');
    editor = await f.addUser('editor@example.test');
    ada = await f.addUser('ada@example.test');
    listId = (await f.listsService.create(accountViewer(owner), 'Groceries')).list.id;
    await f.lists.insertMember(Membership.join({ listId, userId: editor, role: 'editor', joinedAt: f.clock.now() }));
  });

  const invite = (email: string, role: 'editor' | 'viewer' = 'viewer') =>
    f.invitationsService.invite(accountViewer(owner), listId, { email, role });

  describe('invite', () => {
    it('creates a pending invitation for 14 days, addressed case-insensitively', async () => {
      const invitation = await invite(' Ada@Example.TEST ', 'editor');
      expect(invitation).toMatchObject({
        email: 'ada@example.test',
        role: 'editor',
        inviterId: owner,
        status: 'pending',
        createdAt: f.clock.now(),
        expiresAt: new Date(f.clock.now().getTime() + INVITATION_TTL_MS),
        respondedAt: null,
        list: { id: listId, name: 'Groceries' },
      });
    });

    it('accepts an address with no account yet', async () => {
      await expect(invite('nobody-yet@example.test')).resolves.toMatchObject({ status: 'pending' });
    });

    it('refuses the owner’s and a member’s email (422, whatever the case)', async () => {
      await expect(invite('OWNER@example.test')).rejects.toMatchObject({ kind: 'rule', code: 'ALREADY_OWNER' });
      await expect(invite('Editor@Example.test')).rejects.toMatchObject({ kind: 'rule', code: 'ALREADY_MEMBER' });
    });

    it('refuses an address with a pending invitation, until it is declined, revoked or expired', async () => {
      const first = await invite('ada@example.test');
      await expect(invite('ADA@example.test')).rejects.toMatchObject({ kind: 'rule', code: 'ALREADY_INVITED' });
      await f.invitationsService.decline(accountViewer(ada), first.id);
      const second = await invite('ada@example.test');
      await f.invitationsService.revoke(accountViewer(owner), listId, second.id);
      await invite('ada@example.test');
      f.clock.advance(INVITATION_TTL_MS);
      await expect(invite('ada@example.test')).resolves.toMatchObject({ status: 'pending' });
    });

    it('is for the owner only: 403 for a member, 404 for a stranger', async () => {
      await expect(
        f.invitationsService.invite(accountViewer(editor), listId, { email: 'x@example.test', role: 'viewer' }),
      ).rejects.toMatchObject({
        kind: 'forbidden',
      });
      await expect(
        f.invitationsService.invite(accountViewer(ada), listId, { email: 'x@example.test', role: 'viewer' }),
      ).rejects.toMatchObject({
        kind: 'not_found',
      });
    });

    it(`stops at ${MAX_PENDING_INVITATIONS} pending invitations; expired ones do not count`, async () => {
      for (let i = 0; i < MAX_PENDING_INVITATIONS; i += 1) await invite(`p${i}@example.test`);
      await expect(invite('one-more@example.test')).rejects.toMatchObject({
        code: 'INVITATION_LIMIT',
        message: expect.stringContaining(`${MAX_PENDING_INVITATIONS} pending invitations`),
      });
      f.clock.advance(INVITATION_TTL_MS);
      await expect(invite('one-more@example.test')).resolves.toBeDefined();
    });

    it('refuses to invite into a full list', async () => {
      await fillList(f, listId, MAX_MEMBERS - 2); // owner + editor + these = MAX_MEMBERS
      await expect(invite('ada@example.test')).rejects.toMatchObject({
        code: 'MEMBER_LIMIT',
        message: expect.stringContaining(`${MAX_MEMBERS} members`),
      });
    });
  });

  describe('mail', () => {
    it("mails the invitee the list's name, the inviter's name and the developer page", async () => {
      await invite('Someone@Example.test', 'editor');
      const owners = await f.users.findById(owner);
      expect(f.mail.queued()).toEqual([
        {
          to: 'someone@example.test',
          kind: 'invitation',
          subject: 'Invitation to the list "Groceries"',
          text: expect.stringContaining(`${owners!.name} invited you to join the list "Groceries" as an editor.`),
        },
      ]);
      expect(f.mail.queued()[0].text).toContain('https://todo.example/developers');
    });

    it(`sends at most ${MAX_INVITATION_MAILS_PER_DAY} per inviter per UTC day: beyond, a 422 and nothing written`, async () => {
      f.clock.set('2026-03-01T00:30:00.000Z');
      const lists = [listId, (await f.listsService.create(accountViewer(owner), 'Second')).list.id];
      for (let i = 0; i < MAX_INVITATION_MAILS_PER_DAY; i += 1) {
        await f.invitationsService.invite(accountViewer(owner), lists[i % 2], { email: `p${i}@example.test`, role: 'viewer' });
      }
      await expect(invite('one.more@example.test')).rejects.toBeInstanceOf(InvitationMailLimit);
      expect(f.mail.queued()).toHaveLength(MAX_INVITATION_MAILS_PER_DAY);
      expect(await f.invitationsService.listForList(accountViewer(owner), listId)).toHaveLength(MAX_INVITATION_MAILS_PER_DAY / 2);
      // Another inviter has a count of their own; the next UTC day starts a new one.
      const other = await f.addUser();
      const theirs = (await f.listsService.create(accountViewer(other), 'Theirs')).list.id;
      await f.invitationsService.invite(accountViewer(other), theirs, { email: 'one.more@example.test', role: 'viewer' });
      f.clock.set('2026-03-02T00:00:00.000Z');
      await expect(invite('one.more@example.test')).resolves.toMatchObject({ status: 'pending' });
    });
  });

  describe('an unverified invitee', () => {
    it('sees none of the invitations to its address and cannot answer them, until it is verified', async () => {
      const grace = await f.addUser('grace@example.test', false);
      const invitation = await invite('grace@example.test');
      expect(await f.invitationsService.listMine(accountViewer(grace))).toEqual([]);
      await expect(f.invitationsService.accept(accountViewer(grace), invitation.id)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(f.invitationsService.decline(accountViewer(grace), invitation.id)).rejects.toMatchObject({ kind: 'not_found' });

      // Read fresh: the directory's cached summary of the account does not hide the change.
      await f.users.findById(grace);
      await f.userRepository.markEmailVerified(grace, 'grace@example.test');
      expect((await f.invitationsService.listMine(accountViewer(grace))).map((i) => i.id)).toEqual([invitation.id]);
      await expect(f.invitationsService.accept(accountViewer(grace), invitation.id)).resolves.toBeDefined();
    });
  });

  describe('reading', () => {
    it('shows the owner every invitation of the list with its current status', async () => {
      const accepted = await invite('ada@example.test');
      const revoked = await invite('bob@example.test');
      await invite('cy@example.test');
      await f.invitationsService.accept(accountViewer(ada), accepted.id);
      await f.invitationsService.revoke(accountViewer(owner), listId, revoked.id);
      f.clock.advance(INVITATION_TTL_MS);
      const statuses = (await f.invitationsService.listForList(accountViewer(owner), listId)).map((i) => [i.email, i.status]);
      expect(statuses).toEqual([
        ['ada@example.test', 'accepted'],
        ['bob@example.test', 'revoked'],
        ['cy@example.test', 'expired'],
      ]);
      await expect(f.invitationsService.listForList(accountViewer(editor), listId)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.invitationsService.listForList(accountViewer(await f.addUser()), listId)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('shows invitees their pending invitations, also ones sent before they signed up', async () => {
      const otherList = (await f.listsService.create(accountViewer(editor), 'Trip')).list.id;
      await invite('Late@Example.test', 'editor');
      await f.invitationsService.invite(accountViewer(editor), otherList, { email: 'late@example.test', role: 'viewer' });
      const late = await f.addUser('late@example.test');
      const mine = await f.invitationsService.listMine(accountViewer(late));
      expect(mine.map((i) => [i.list.name, i.role, i.status])).toEqual([
        ['Groceries', 'editor', 'pending'],
        ['Trip', 'viewer', 'pending'],
      ]);
      f.clock.advance(INVITATION_TTL_MS);
      expect(await f.invitationsService.listMine(accountViewer(late))).toEqual([]);
      expect(await f.invitationsService.listMine(accountViewer(owner))).toEqual([]);
    });
  });

  describe('accept', () => {
    it('joins the invitee with the invited role and closes the invitation', async () => {
      const invitation = await invite('ada@example.test', 'editor');
      f.clock.advance(1000);
      const joined = await f.invitationsService.accept(accountViewer(ada), invitation.id);
      expect([joined.list.id, joined.role]).toEqual([listId, 'editor']);
      expect((await f.listsService.get(accountViewer(ada), listId)).role).toBe('editor');
      expect((await f.listsService.members(accountViewer(owner), listId)).find((m) => m.userId === ada)?.joinedAt).toEqual(f.clock.now());
      const [stored] = (await f.invitationsService.listForList(accountViewer(owner), listId)).filter((i) => i.id === invitation.id);
      expect(stored).toMatchObject({ status: 'accepted', respondedAt: f.clock.now() });
      expect(await f.invitationsService.listMine(accountViewer(ada))).toEqual([]);
    });

    it('is a 404 for anyone but the invitee, and for unknown or malformed ids', async () => {
      const invitation = await invite('ada@example.test');
      for (const caller of [owner, editor]) {
        await expect(f.invitationsService.accept(accountViewer(caller), invitation.id)).rejects.toMatchObject({
          kind: 'not_found',
          code: 'INVITATION_NOT_FOUND',
        });
        await expect(f.invitationsService.decline(accountViewer(caller), invitation.id)).rejects.toMatchObject({ kind: 'not_found' });
      }
      await expect(f.invitationsService.accept(accountViewer(ada), '00000000-0000-4000-8000-00000000ffff')).rejects.toMatchObject({
        kind: 'not_found',
      });
      await expect(f.invitationsService.accept(accountViewer(ada), 'not-an-id')).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('only works while pending (422 after a decline, a revoke, an acceptance or expiry)', async () => {
      const declined = await invite('ada@example.test');
      await f.invitationsService.decline(accountViewer(ada), declined.id);
      await expect(f.invitationsService.accept(accountViewer(ada), declined.id)).rejects.toMatchObject({
        kind: 'rule',
        code: 'INVITATION_NOT_PENDING',
      });
      const revoked = await invite('ada@example.test');
      await f.invitationsService.revoke(accountViewer(owner), listId, revoked.id);
      await expect(f.invitationsService.accept(accountViewer(ada), revoked.id)).rejects.toMatchObject({ code: 'INVITATION_NOT_PENDING' });
      const expiring = await invite('ada@example.test');
      f.clock.advance(INVITATION_TTL_MS);
      await expect(f.invitationsService.accept(accountViewer(ada), expiring.id)).rejects.toMatchObject({
        message: expect.stringMatching(/expired/),
      });
      const accepted = await invite('ada@example.test');
      await f.invitationsService.accept(accountViewer(ada), accepted.id);
      await expect(f.invitationsService.accept(accountViewer(ada), accepted.id)).rejects.toMatchObject({ code: 'INVITATION_NOT_PENDING' });
      await expect(f.invitationsService.decline(accountViewer(ada), accepted.id)).rejects.toMatchObject({ code: 'INVITATION_NOT_PENDING' });
    });

    it('refuses an invitee who became a member meanwhile (422), leaving the invitation pending', async () => {
      const invitation = await invite('ada@example.test');
      await f.lists.insertMember(Membership.join({ listId, userId: ada, role: 'viewer', joinedAt: f.clock.now() }));
      await expect(f.invitationsService.accept(accountViewer(ada), invitation.id)).rejects.toMatchObject({ code: 'ALREADY_MEMBER' });
      expect((await f.invitations.findById(invitation.id))?.statusAt(f.clock.now())).toBe('pending');
    });

    it(`refuses to join a list that reached ${MAX_MEMBERS} members, the owner included`, async () => {
      const invitation = await invite('ada@example.test');
      await fillList(f, listId, MAX_MEMBERS - 2);
      await expect(f.invitationsService.accept(accountViewer(ada), invitation.id)).rejects.toMatchObject({ code: 'MEMBER_LIMIT' });
      await f.listsService.removeMember(accountViewer(owner), listId, editor);
      await expect(f.invitationsService.accept(accountViewer(ada), invitation.id)).resolves.toMatchObject({ role: 'viewer' });
      expect(await f.lists.countMembers(listId)).toBe(MAX_MEMBERS - 1);
    });

    it('lets one of two concurrent accepts win', async () => {
      const invitation = await invite('ada@example.test');
      const results = await Promise.allSettled([
        f.invitationsService.accept(accountViewer(ada), invitation.id),
        f.invitationsService.accept(accountViewer(ada), invitation.id),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    });
  });

  describe('decline and revoke', () => {
    it('declines: no membership, status declined with the response time', async () => {
      const invitation = await invite('ada@example.test');
      await expect(f.invitationsService.decline(accountViewer(ada), invitation.id)).resolves.toMatchObject({
        status: 'declined',
        respondedAt: f.clock.now(),
      });
      await expect(f.listsService.get(accountViewer(ada), listId)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('revokes a pending invitation (owner only); the invitee can no longer accept it', async () => {
      const invitation = await invite('ada@example.test');
      await expect(f.invitationsService.revoke(accountViewer(editor), listId, invitation.id)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.invitationsService.revoke(accountViewer(ada), listId, invitation.id)).rejects.toMatchObject({
        kind: 'not_found',
        code: 'LIST_NOT_FOUND',
      });
      await expect(f.invitationsService.revoke(accountViewer(owner), listId, invitation.id)).resolves.toMatchObject({
        status: 'revoked',
        respondedAt: null,
      });
      await expect(f.invitationsService.revoke(accountViewer(owner), listId, invitation.id)).rejects.toMatchObject({ kind: 'rule' });
      expect(await f.invitationsService.listMine(accountViewer(ada))).toEqual([]);
    });

    it('does not revoke through another list’s path (404)', async () => {
      const invitation = await invite('ada@example.test');
      const otherList = (await f.listsService.create(accountViewer(owner), 'Other')).list.id;
      await expect(f.invitationsService.revoke(accountViewer(owner), otherList, invitation.id)).rejects.toMatchObject({
        code: 'INVITATION_NOT_FOUND',
      });
      await expect(f.invitationsService.revoke(accountViewer(owner), listId, 'bad')).rejects.toMatchObject({
        code: 'INVITATION_NOT_FOUND',
      });
    });
  });
});

/** Adds `count` members straight into the store. */
async function fillList(f: ListsFixture, listId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await f.lists.insertMember(Membership.join({ listId, userId: await f.addUser(), role: 'viewer', joinedAt: f.clock.now() }));
  }
}
