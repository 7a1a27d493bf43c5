import { accountViewer } from '../../../common/auth/reach';
import { listsFixture, ListsFixture } from '../testing/lists-fixture';
import { MAX_OWNED_LISTS } from './limits';
import { Membership, MemberRole } from './membership';

const MALFORMED = ['nope', '123', "1' OR '1'='1", '00000000-0000-4000-8000-00000000000g'];

describe('ListsService', () => {
  let f: ListsFixture;
  let owner: string;
  let editor: string;
  let viewer: string;
  let stranger: string;

  beforeEach(async () => {
    f = listsFixture();
    [owner, editor, viewer, stranger] = await Promise.all([f.addUser(), f.addUser(), f.addUser(), f.addUser()]);
  });

  const join = (listId: string, userId: string, role: MemberRole) =>
    f.lists.insertMember(Membership.join({ listId, userId, role, joinedAt: f.clock.now() }));

  async function sharedList(name = 'Groceries') {
    const created = await f.listsService.create(accountViewer(owner), name);
    f.clock.advance(1);
    await join(created.list.id, editor, 'editor');
    f.clock.advance(1);
    await join(created.list.id, viewer, 'viewer');
    return created.list.id;
  }

  describe('create', () => {
    it('makes the caller owner of a list with a trimmed name and no items', async () => {
      const created = await f.listsService.create(accountViewer(owner), '  Groceries  ');
      expect(created.role).toBe('owner');
      expect(created.list.toProps()).toMatchObject({ ownerId: owner, name: 'Groceries', itemCount: 0, openItemCount: 0 });
      expect(created.list.createdAt).toEqual(f.clock.now());
    });

    it('refuses a name the owner already uses, compared case-insensitively (422)', async () => {
      await f.listsService.create(accountViewer(owner), 'Groceries');
      await expect(f.listsService.create(accountViewer(owner), ' GROCERIES ')).rejects.toMatchObject({
        kind: 'rule',
        code: 'DUPLICATE_LIST_NAME',
      });
      await expect(f.listsService.create(accountViewer(editor), 'groceries')).resolves.toBeDefined();
    });

    it('refuses a bad name (400)', async () => {
      await expect(f.listsService.create(accountViewer(owner), '   ')).rejects.toMatchObject({ kind: 'invalid' });
    });

    it(`stops at ${MAX_OWNED_LISTS} owned lists with a 422 that names the limit; membership elsewhere does not count`, async () => {
      for (let i = 0; i < MAX_OWNED_LISTS; i += 1) await f.listsService.create(accountViewer(owner), `List ${i}`);
      await expect(f.listsService.create(accountViewer(owner), 'One more')).rejects.toMatchObject({
        kind: 'rule',
        code: 'LIST_LIMIT',
        message: expect.stringContaining(String(MAX_OWNED_LISTS)),
      });
      const theirs = await f.listsService.create(accountViewer(editor), 'Theirs');
      await join(theirs.list.id, owner, 'viewer');
      await f.listsService.delete(accountViewer(owner), (await f.listsService.page(accountViewer(owner), 1)).lists[0].list.id);
      await expect(f.listsService.create(accountViewer(owner), 'One more')).resolves.toBeDefined();
    });

    it('holds the limit under concurrent creations', async () => {
      for (let i = 0; i < MAX_OWNED_LISTS - 2; i += 1) await f.listsService.create(accountViewer(owner), `List ${i}`);
      const results = await Promise.allSettled([1, 2, 3, 4].map((i) => f.listsService.create(accountViewer(owner), `Race ${i}`)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      expect(await f.lists.countOwnedBy(owner)).toBe(MAX_OWNED_LISTS);
    });
  });

  describe('page', () => {
    it('lists owned and joined lists, oldest first, with the caller’s role, in pages', async () => {
      const a = await f.listsService.create(accountViewer(owner), 'A');
      f.clock.advance(1);
      const b = await f.listsService.create(accountViewer(editor), 'B');
      await join(b.list.id, owner, 'viewer');
      f.clock.advance(1);
      const c = await f.listsService.create(accountViewer(owner), 'C');
      f.clock.advance(1);
      await f.listsService.create(accountViewer(editor), 'Not shared');

      const first = await f.listsService.page(accountViewer(owner), 2);
      expect(first.lists.map((v) => [v.list.name, v.role])).toEqual([
        ['A', 'owner'],
        ['B', 'viewer'],
      ]);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await f.listsService.page(accountViewer(owner), 2, first.nextCursor!);
      expect(second.lists.map((v) => v.list.id)).toEqual([c.list.id]);
      expect(second.nextCursor).toBeNull();
      const exact = await f.listsService.page(accountViewer(owner), 3);
      expect(exact.lists.map((v) => v.list.id)).toEqual([a.list.id, b.list.id, c.list.id]);
      expect(exact.nextCursor).toBeNull();
    });

    it('keeps a cursor valid while lists are added and removed', async () => {
      const names = ['A', 'B', 'C', 'D'];
      const ids: string[] = [];
      for (const name of names) {
        ids.push((await f.listsService.create(accountViewer(owner), name)).list.id);
        f.clock.advance(1);
      }
      const first = await f.listsService.page(accountViewer(owner), 2);
      await f.listsService.delete(accountViewer(owner), ids[1]);
      await f.listsService.delete(accountViewer(owner), ids[2]);
      await f.listsService.create(accountViewer(owner), 'E');
      const rest = await f.listsService.page(accountViewer(owner), 2, first.nextCursor!);
      expect(rest.lists.map((v) => v.list.name)).toEqual(['D', 'E']);
    });

    it('answers an empty page for a user with no lists', async () => {
      expect(await f.listsService.page(accountViewer(stranger), 100)).toEqual({ lists: [], nextCursor: null });
    });

    it.each(['garbage', '', Buffer.from(JSON.stringify({ v: 1, c: 'x', i: 'y' })).toString('base64url')])(
      'refuses a cursor it did not issue (%j) with a 400-kind error',
      async (cursor) => {
        await expect(f.listsService.page(accountViewer(owner), 10, cursor)).rejects.toMatchObject({
          kind: 'invalid',
          code: 'INVALID_CURSOR',
        });
      },
    );
  });

  describe('get', () => {
    it('shows the list to its owner and members with their role', async () => {
      const id = await sharedList();
      expect((await f.listsService.get(accountViewer(owner), id)).role).toBe('owner');
      expect((await f.listsService.get(accountViewer(editor), id)).role).toBe('editor');
      expect((await f.listsService.get(accountViewer(viewer), id.toUpperCase())).role).toBe('viewer');
    });

    it('answers 404 to a stranger, for an unknown id and for a malformed one', async () => {
      const id = await sharedList();
      await expect(f.listsService.get(accountViewer(stranger), id)).rejects.toMatchObject({ kind: 'not_found', code: 'LIST_NOT_FOUND' });
      await expect(f.listsService.get(accountViewer(owner), '00000000-0000-4000-8000-00000000ffff')).rejects.toMatchObject({
        kind: 'not_found',
      });
      for (const bad of MALFORMED) await expect(f.listsService.get(accountViewer(owner), bad)).rejects.toMatchObject({ kind: 'not_found' });
    });
  });

  describe('rename', () => {
    it('lets the owner rename, trimming and moving updated_at', async () => {
      const id = await sharedList();
      f.clock.advance(5000);
      const renamed = await f.listsService.rename(accountViewer(owner), id, ' Food ');
      expect(renamed.list.name).toBe('Food');
      expect(renamed.list.updatedAt).toEqual(f.clock.now());
      expect((await f.listsService.get(accountViewer(viewer), id)).list.name).toBe('Food');
    });

    it('allows changing only the case of the list’s own name', async () => {
      const id = await sharedList('Groceries');
      await expect(f.listsService.rename(accountViewer(owner), id, 'GROCERIES')).resolves.toMatchObject({ role: 'owner' });
    });

    it('refuses a name of another of the owner’s lists (422)', async () => {
      const id = await sharedList('Groceries');
      await f.listsService.create(accountViewer(owner), 'Chores');
      await expect(f.listsService.rename(accountViewer(owner), id, 'chores')).rejects.toMatchObject({
        kind: 'rule',
        code: 'DUPLICATE_LIST_NAME',
      });
    });

    it('is 403 for editors and viewers, 404 for strangers, and 400 for a bad name before anything else', async () => {
      const id = await sharedList();
      await expect(f.listsService.rename(accountViewer(editor), id, 'X')).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.listsService.rename(accountViewer(viewer), id, 'X')).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.listsService.rename(accountViewer(stranger), id, 'X')).rejects.toMatchObject({ kind: 'not_found' });
      await expect(f.listsService.rename(accountViewer(stranger), id, '')).rejects.toMatchObject({ kind: 'invalid' });
    });
  });

  describe('delete', () => {
    it('lets only the owner delete, and takes members, invitations and shares with it', async () => {
      const id = await sharedList();
      await f.invitationsService.invite(accountViewer(owner), id, { email: 'new@example.test', role: 'viewer' });
      await f.sharesService.create(accountViewer(owner), id, { role: 'viewer', expiresAt: null });
      await expect(f.listsService.delete(accountViewer(editor), id)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.listsService.delete(accountViewer(stranger), id)).rejects.toMatchObject({ kind: 'not_found' });
      await f.listsService.delete(accountViewer(owner), id);
      await expect(f.listsService.get(accountViewer(owner), id)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(f.listsService.get(accountViewer(editor), id)).rejects.toMatchObject({ kind: 'not_found' });
      expect([f.store.members.size, f.store.invitations.size, f.store.shares.size]).toEqual([0, 0, 0]);
    });
  });

  describe('members', () => {
    it('lists the owner first, then members by joining time, to anyone who can see the list', async () => {
      const id = await sharedList();
      for (const caller of [owner, editor, viewer]) {
        expect((await f.listsService.members(accountViewer(caller), id)).map((m) => [m.userId, m.role])).toEqual([
          [owner, 'owner'],
          [editor, 'editor'],
          [viewer, 'viewer'],
        ]);
      }
      await expect(f.listsService.members(accountViewer(stranger), id)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('lets the owner change a member’s role', async () => {
      const id = await sharedList();
      expect(await f.listsService.changeRole(accountViewer(owner), id, viewer, 'editor')).toMatchObject({ userId: viewer, role: 'editor' });
      expect((await f.listsService.get(accountViewer(viewer), id)).role).toBe('editor');
    });

    it('refuses role changes by non-owners (403), of the owner (422), and of non-members (404)', async () => {
      const id = await sharedList();
      await expect(f.listsService.changeRole(accountViewer(editor), id, viewer, 'editor')).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.listsService.changeRole(accountViewer(stranger), id, viewer, 'editor')).rejects.toMatchObject({
        kind: 'not_found',
        code: 'LIST_NOT_FOUND',
      });
      await expect(f.listsService.changeRole(accountViewer(owner), id, owner, 'viewer')).rejects.toMatchObject({
        kind: 'rule',
        code: 'OWNER_ROLE_FIXED',
      });
      await expect(f.listsService.changeRole(accountViewer(owner), id, stranger, 'viewer')).rejects.toMatchObject({
        kind: 'not_found',
        code: 'MEMBER_NOT_FOUND',
      });
      await expect(f.listsService.changeRole(accountViewer(owner), id, 'bad-id', 'viewer')).rejects.toMatchObject({
        code: 'MEMBER_NOT_FOUND',
      });
    });

    it('lets the owner remove a member, who then cannot see the list', async () => {
      const id = await sharedList();
      await f.listsService.removeMember(accountViewer(owner), id, editor);
      await expect(f.listsService.get(accountViewer(editor), id)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(f.listsService.removeMember(accountViewer(owner), id, editor)).rejects.toMatchObject({ code: 'MEMBER_NOT_FOUND' });
      await expect(f.listsService.removeMember(accountViewer(owner), id, 'bad-id')).rejects.toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    });

    it('lets a member leave, but not remove others (403); the owner cannot leave (422)', async () => {
      const id = await sharedList();
      await expect(f.listsService.removeMember(accountViewer(viewer), id, editor)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.listsService.removeMember(accountViewer(editor), id, owner)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(f.listsService.removeMember(accountViewer(owner), id, owner)).rejects.toMatchObject({
        kind: 'rule',
        code: 'OWNER_CANNOT_LEAVE',
      });
      await expect(f.listsService.removeMember(accountViewer(stranger), id, stranger)).rejects.toMatchObject({ kind: 'not_found' });
      await f.listsService.removeMember(accountViewer(viewer), id, viewer.toUpperCase());
      expect((await f.listsService.members(accountViewer(owner), id)).map((m) => m.userId)).toEqual([owner, editor]);
    });
  });
});
