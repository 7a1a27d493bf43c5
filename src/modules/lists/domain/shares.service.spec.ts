import { accountViewer } from '../../../common/auth/reach';
import { listsFixture, ListsFixture } from '../testing/lists-fixture';
import { KEPT_INACTIVE_SHARE_LINKS, MAX_ACTIVE_SHARE_LINKS, MAX_MEMBERS } from './limits';
import { Membership } from './membership';

describe('SharesService', () => {
  let f: ListsFixture;
  let owner: string;
  let editor: string;
  let joiner: string;
  let listId: string;

  beforeEach(async () => {
    f = listsFixture();
    [owner, editor, joiner] = await Promise.all([f.addUser(), f.addUser(), f.addUser()]);
    listId = (await f.listsService.create(accountViewer(owner), 'Groceries')).list.id;
    await f.lists.insertMember(Membership.join({ listId, userId: editor, role: 'editor', joinedAt: f.clock.now() }));
  });

  const inOneHour = () => new Date(f.clock.now().getTime() + 3_600_000);
  const share = (role: 'editor' | 'viewer' = 'viewer', expiresAt: Date | null = null) =>
    f.sharesService.create(accountViewer(owner), listId, { role, expiresAt });
  const tokenOf = (s: Awaited<ReturnType<typeof share>>) => s.issuedToken!;

  describe('create and list', () => {
    it('lets the owner make links with a role and an optional expiry, and list them without their tokens', async () => {
      const a = await share('editor', inOneHour());
      const b = await share('viewer');
      expect(a.toProps()).toMatchObject({ listId, role: 'editor', expiresAt: inOneHour(), revokedAt: null });
      expect(tokenOf(a)).not.toBe(tokenOf(b));
      const listed = await f.sharesService.list(accountViewer(owner), listId);
      // The token is known only to the share that issued it: the store keeps its hash.
      expect(listed.map((s) => [s.id, s.issuedToken])).toEqual([
        [a.id, null],
        [b.id, null],
      ]);
    });

    it('is a 404 when the list is deleted between the lookup and the link (checked under the list’s lock)', async () => {
      const lookup = f.lists.findVisible.bind(f.lists);
      jest.spyOn(f.lists, 'findVisible').mockImplementationOnce(async (user, id) => {
        const found = await lookup(user, id);
        await f.listsService.delete(accountViewer(owner), listId);
        return found;
      });
      await expect(share()).rejects.toMatchObject({ kind: 'not_found', code: 'LIST_NOT_FOUND' });
    });

    it(`holds at most ${MAX_ACTIVE_SHARE_LINKS} usable links per list (422); revoking or expiry frees a place`, async () => {
      const links = [];
      for (let i = 0; i < MAX_ACTIVE_SHARE_LINKS - 1; i += 1) links.push(await share());
      const expiring = await share('viewer', inOneHour());
      await expect(share()).rejects.toMatchObject({
        kind: 'rule',
        code: 'SHARE_LINK_LIMIT',
        message: `A list can have at most ${MAX_ACTIVE_SHARE_LINKS} active share links; revoke one first`,
      });
      await f.sharesService.revoke(accountViewer(owner), listId, links[0].id);
      await share();
      await expect(share()).rejects.toMatchObject({ code: 'SHARE_LINK_LIMIT' });
      f.clock.advance(3_600_000);
      expect(expiring.isUsableAt(f.clock.now())).toBe(false);
      await share();
    });

    it(`keeps only the ${KEPT_INACTIVE_SHARE_LINKS} newest revoked or expired links of a list`, async () => {
      const revoked = [];
      for (let i = 0; i < KEPT_INACTIVE_SHARE_LINKS + 5; i += 1) {
        const link = await share();
        f.clock.advance(1);
        revoked.push(await f.sharesService.revoke(accountViewer(owner), listId, link.id));
      }
      const fresh = await share();
      const kept = await f.sharesService.list(accountViewer(owner), listId);
      expect(kept.map((s) => s.id)).toEqual([...revoked.slice(-KEPT_INACTIVE_SHARE_LINKS).map((s) => s.id), fresh.id]);
    });

    it('refuses an expiry that is not in the future with a 400, before looking at the list', async () => {
      await expect(share('viewer', f.clock.now())).rejects.toMatchObject({ kind: 'invalid', code: 'INVALID_SHARE_EXPIRY' });
      await expect(f.sharesService.create(accountViewer(joiner), listId, { role: 'viewer', expiresAt: new Date(0) })).rejects.toMatchObject(
        {
          kind: 'invalid',
        },
      );
    });

    it('is for the owner only: 403 for a member, 404 for a stranger', async () => {
      await expect(f.sharesService.create(accountViewer(editor), listId, { role: 'viewer', expiresAt: null })).rejects.toMatchObject({
        kind: 'forbidden',
      });
      await expect(f.sharesService.list(accountViewer(editor), listId)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.sharesService.create(accountViewer(joiner), listId, { role: 'viewer', expiresAt: null })).rejects.toMatchObject({
        kind: 'not_found',
      });
      await expect(f.sharesService.list(accountViewer(joiner), listId)).rejects.toMatchObject({ kind: 'not_found' });
    });
  });

  describe('join', () => {
    it('makes the caller a member with the link’s role', async () => {
      const link = await share('editor');
      const joined = await f.sharesService.join(accountViewer(joiner), tokenOf(link));
      expect([joined.list.id, joined.role]).toEqual([listId, 'editor']);
      expect((await f.listsService.get(accountViewer(joiner), listId)).role).toBe('editor');
    });

    it('refuses the owner and existing members (422)', async () => {
      const link = await share();
      await expect(f.sharesService.join(accountViewer(owner), tokenOf(link))).rejects.toMatchObject({
        kind: 'rule',
        code: 'ALREADY_OWNER',
      });
      await expect(f.sharesService.join(accountViewer(editor), tokenOf(link))).rejects.toMatchObject({
        kind: 'rule',
        code: 'ALREADY_MEMBER',
      });
    });

    it('answers 404 for unknown, malformed, revoked and expired tokens alike', async () => {
      const revoked = await share();
      await f.sharesService.revoke(accountViewer(owner), listId, revoked.id);
      const expiring = await share('viewer', inOneHour());
      const unknown = tokenOf(await share()).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      f.clock.advance(3_600_000);
      for (const token of [tokenOf(revoked), tokenOf(expiring), unknown, 'short', '']) {
        await expect(f.sharesService.join(accountViewer(joiner), token)).rejects.toMatchObject({
          kind: 'not_found',
          code: 'SHARE_LINK_NOT_FOUND',
        });
      }
    });

    it('re-checks the link under the list’s lock: a revocation landing after the lookup still stops the join', async () => {
      const link = await share();
      const lookup = f.shares.findByTokenHash.bind(f.shares);
      jest.spyOn(f.shares, 'findByTokenHash').mockImplementationOnce(async (hash) => {
        const found = await lookup(hash);
        // The owner's revocation completes between the joiner's lookup and their transaction.
        await f.sharesService.revoke(accountViewer(owner), listId, link.id);
        return found;
      });
      await expect(f.sharesService.join(accountViewer(joiner), tokenOf(link))).rejects.toMatchObject({
        kind: 'not_found',
        code: 'SHARE_LINK_NOT_FOUND',
      });
      await expect(f.listsService.get(accountViewer(joiner), listId)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it(`refuses to join a list that reached ${MAX_MEMBERS} members`, async () => {
      const link = await share();
      for (let i = 0; i < MAX_MEMBERS - 3; i += 1) await f.sharesService.join(accountViewer(await f.addUser()), tokenOf(link));
      await expect(f.sharesService.join(accountViewer(joiner), tokenOf(link))).resolves.toBeDefined(); // the 50th, owner included
      await expect(f.sharesService.join(accountViewer(await f.addUser()), tokenOf(link))).rejects.toMatchObject({ code: 'MEMBER_LIMIT' });
    });
  });

  describe('revoke', () => {
    it('stops new joins but keeps members who joined; revoking again is harmless', async () => {
      const link = await share();
      await f.sharesService.join(accountViewer(joiner), tokenOf(link));
      f.clock.advance(10);
      const revoked = await f.sharesService.revoke(accountViewer(owner), listId, link.id);
      expect(revoked.toProps().revokedAt).toEqual(f.clock.now());
      f.clock.advance(10);
      expect((await f.sharesService.revoke(accountViewer(owner), listId, link.id)).toProps().revokedAt).toEqual(
        revoked.toProps().revokedAt,
      );
      expect((await f.listsService.get(accountViewer(joiner), listId)).role).toBe('viewer');
      await expect(f.sharesService.join(accountViewer(await f.addUser()), tokenOf(link))).rejects.toMatchObject({ kind: 'not_found' });
      expect((await f.sharesService.list(accountViewer(owner), listId))[0].revoked).toBe(true);
    });

    it('is for the owner only, and only through the link’s own list', async () => {
      const link = await share();
      const other = (await f.listsService.create(accountViewer(owner), 'Other')).list.id;
      await expect(f.sharesService.revoke(accountViewer(editor), listId, link.id)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.sharesService.revoke(accountViewer(joiner), listId, link.id)).rejects.toMatchObject({
        kind: 'not_found',
        code: 'LIST_NOT_FOUND',
      });
      await expect(f.sharesService.revoke(accountViewer(owner), other, link.id)).rejects.toMatchObject({ code: 'SHARE_NOT_FOUND' });
      await expect(f.sharesService.revoke(accountViewer(owner), listId, 'bad')).rejects.toMatchObject({ code: 'SHARE_NOT_FOUND' });
    });
  });
});
