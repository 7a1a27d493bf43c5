import { listsFixture, ListsFixture } from '../testing/lists-fixture';
import { MAX_MEMBERS } from './limits';
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
    listId = (await f.listsService.create(owner, 'Groceries')).list.id;
    await f.lists.insertMember(Membership.join({ listId, userId: editor, role: 'editor', joinedAt: f.clock.now() }));
  });

  const inOneHour = () => new Date(f.clock.now().getTime() + 3_600_000);
  const share = (role: 'editor' | 'viewer' = 'viewer', expiresAt: Date | null = null) =>
    f.sharesService.create(owner, listId, { role, expiresAt });
  const tokenOf = (s: Awaited<ReturnType<typeof share>>) => s.toProps().token;

  describe('create and list', () => {
    it('lets the owner make links with a role and an optional expiry, and see them with their tokens', async () => {
      const a = await share('editor', inOneHour());
      const b = await share('viewer');
      expect(a.toProps()).toMatchObject({ listId, role: 'editor', expiresAt: inOneHour(), revokedAt: null });
      expect(tokenOf(a)).not.toBe(tokenOf(b));
      const listed = await f.sharesService.list(owner, listId);
      expect(listed.map((s) => [s.id, tokenOf(s)])).toEqual([
        [a.id, tokenOf(a)],
        [b.id, tokenOf(b)],
      ]);
    });

    it('refuses an expiry that is not in the future with a 400, before looking at the list', async () => {
      await expect(share('viewer', f.clock.now())).rejects.toMatchObject({ kind: 'invalid', code: 'INVALID_SHARE_EXPIRY' });
      await expect(f.sharesService.create(joiner, listId, { role: 'viewer', expiresAt: new Date(0) })).rejects.toMatchObject({ kind: 'invalid' });
    });

    it('is for the owner only: 403 for a member, 404 for a stranger', async () => {
      await expect(f.sharesService.create(editor, listId, { role: 'viewer', expiresAt: null })).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.sharesService.list(editor, listId)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.sharesService.create(joiner, listId, { role: 'viewer', expiresAt: null })).rejects.toMatchObject({ kind: 'not_found' });
      await expect(f.sharesService.list(joiner, listId)).rejects.toMatchObject({ kind: 'not_found' });
    });
  });

  describe('join', () => {
    it('makes the caller a member with the link’s role', async () => {
      const link = await share('editor');
      const joined = await f.sharesService.join(joiner, tokenOf(link));
      expect([joined.list.id, joined.role]).toEqual([listId, 'editor']);
      expect((await f.listsService.get(joiner, listId)).role).toBe('editor');
    });

    it('refuses the owner and existing members (422)', async () => {
      const link = await share();
      await expect(f.sharesService.join(owner, tokenOf(link))).rejects.toMatchObject({ kind: 'rule', code: 'ALREADY_OWNER' });
      await expect(f.sharesService.join(editor, tokenOf(link))).rejects.toMatchObject({ kind: 'rule', code: 'ALREADY_MEMBER' });
    });

    it('answers 404 for unknown, malformed, revoked and expired tokens alike', async () => {
      const revoked = await share();
      await f.sharesService.revoke(owner, listId, revoked.id);
      const expiring = await share('viewer', inOneHour());
      const unknown = tokenOf(await share()).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      f.clock.advance(3_600_000);
      for (const token of [tokenOf(revoked), tokenOf(expiring), unknown, 'short', '']) {
        await expect(f.sharesService.join(joiner, token)).rejects.toMatchObject({ kind: 'not_found', code: 'SHARE_LINK_NOT_FOUND' });
      }
    });

    it('re-checks the link under the list’s lock: a revocation landing after the lookup still stops the join', async () => {
      const link = await share();
      const lookup = f.shares.findByTokenHash.bind(f.shares);
      jest.spyOn(f.shares, 'findByTokenHash').mockImplementationOnce(async (hash) => {
        const found = await lookup(hash);
        // The owner's revocation completes between the joiner's lookup and their transaction.
        await f.sharesService.revoke(owner, listId, link.id);
        return found;
      });
      await expect(f.sharesService.join(joiner, tokenOf(link))).rejects.toMatchObject({ kind: 'not_found', code: 'SHARE_LINK_NOT_FOUND' });
      await expect(f.listsService.get(joiner, listId)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it(`refuses to join a list that reached ${MAX_MEMBERS} members`, async () => {
      const link = await share();
      for (let i = 0; i < MAX_MEMBERS - 3; i += 1) await f.sharesService.join(await f.addUser(), tokenOf(link));
      await expect(f.sharesService.join(joiner, tokenOf(link))).resolves.toBeDefined(); // the 50th, owner included
      await expect(f.sharesService.join(await f.addUser(), tokenOf(link))).rejects.toMatchObject({ code: 'MEMBER_LIMIT' });
    });
  });

  describe('revoke', () => {
    it('stops new joins but keeps members who joined; revoking again is harmless', async () => {
      const link = await share();
      await f.sharesService.join(joiner, tokenOf(link));
      f.clock.advance(10);
      const revoked = await f.sharesService.revoke(owner, listId, link.id);
      expect(revoked.toProps().revokedAt).toEqual(f.clock.now());
      f.clock.advance(10);
      expect((await f.sharesService.revoke(owner, listId, link.id)).toProps().revokedAt).toEqual(revoked.toProps().revokedAt);
      expect((await f.listsService.get(joiner, listId)).role).toBe('viewer');
      await expect(f.sharesService.join(await f.addUser(), tokenOf(link))).rejects.toMatchObject({ kind: 'not_found' });
      expect((await f.sharesService.list(owner, listId))[0].revoked).toBe(true);
    });

    it('is for the owner only, and only through the link’s own list', async () => {
      const link = await share();
      const other = (await f.listsService.create(owner, 'Other')).list.id;
      await expect(f.sharesService.revoke(editor, listId, link.id)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.sharesService.revoke(joiner, listId, link.id)).rejects.toMatchObject({ kind: 'not_found', code: 'LIST_NOT_FOUND' });
      await expect(f.sharesService.revoke(owner, other, link.id)).rejects.toMatchObject({ code: 'SHARE_NOT_FOUND' });
      await expect(f.sharesService.revoke(owner, listId, 'bad')).rejects.toMatchObject({ code: 'SHARE_NOT_FOUND' });
    });
  });
});
