import { accountViewer } from '../../../common/auth/reach';
import { listsFixture, ListsFixture } from '../testing/lists-fixture';
import { canWriteItems } from './list-access';
import { Membership, MemberRole } from './membership';

describe('ListAccessService (the port the items module uses)', () => {
  let f: ListsFixture;
  let me: string;
  let alice: string;
  let bob: string;

  beforeEach(async () => {
    f = listsFixture();
    [me, alice, bob] = await Promise.all([f.addUser(), f.addUser(), f.addUser()]);
  });

  const create = async (owner: string, name: string) => (await f.listsService.create(accountViewer(owner), name)).list.id;
  const shareWithMe = (listId: string, role: MemberRole = 'editor') =>
    f.lists.insertMember(Membership.join({ listId, userId: me, role, joinedAt: f.clock.now() }));

  describe('getVisible', () => {
    it('answers id, name and role for a visible list', async () => {
      const mine = await create(me, 'Mine');
      const theirs = await create(alice, 'Theirs');
      await shareWithMe(theirs, 'viewer');
      expect(await f.access.getVisible(accountViewer(me), mine)).toEqual({ id: mine, name: 'Mine', role: 'owner' });
      expect(await f.access.getVisible(accountViewer(me), theirs)).toEqual({ id: theirs, name: 'Theirs', role: 'viewer' });
      expect(canWriteItems((await f.access.getVisible(accountViewer(me), theirs)).role)).toBe(false);
    });

    it('is a 404 for invisible, unknown and malformed ids', async () => {
      const theirs = await create(alice, 'Theirs');
      for (const id of [theirs, '00000000-0000-4000-8000-00000000ffff', 'Theirs', '']) {
        await expect(f.access.getVisible(accountViewer(me), id)).rejects.toMatchObject({ kind: 'not_found', code: 'LIST_NOT_FOUND' });
      }
    });
  });

  describe('resolve', () => {
    it('takes a visible list’s id first', async () => {
      const theirs = await create(alice, 'Trip');
      await shareWithMe(theirs);
      await create(me, 'Trip');
      expect(await f.access.resolve(accountViewer(me), theirs)).toEqual({ id: theirs, name: 'Trip', role: 'editor' });
      expect((await f.access.resolve(accountViewer(me), ` ${theirs.toUpperCase()} `)).id).toBe(theirs);
    });

    it('falls back to the name when a UUID-looking text is no visible list’s id', async () => {
      const hidden = await create(alice, 'Hidden');
      const uuidName = '00000000-0000-4000-8000-00000000beef';
      const named = await create(me, uuidName);
      expect((await f.access.resolve(accountViewer(me), uuidName)).id).toBe(named);
      await expect(f.access.resolve(accountViewer(me), hidden)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('matches names trimmed and case-insensitively, own lists before shared ones', async () => {
      const shared = await create(alice, 'Groceries');
      await shareWithMe(shared);
      const own = await create(me, 'groceries');
      expect(await f.access.resolve(accountViewer(me), '  GROCERIES ')).toEqual({ id: own, name: 'groceries', role: 'owner' });
      await f.listsService.delete(accountViewer(me), own);
      expect((await f.access.resolve(accountViewer(me), 'Groceries')).id).toBe(shared);
    });

    it('is a 422 naming the ambiguity and suggesting the id when two owners shared lists of that name', async () => {
      const a = await create(alice, 'Trip');
      const b = await create(bob, 'TRIP');
      await shareWithMe(a);
      await shareWithMe(b, 'viewer');
      const error = await f.access.resolve(accountViewer(me), 'trip').catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'rule', code: 'AMBIGUOUS_LIST_NAME' });
      expect((error as Error).message).toMatch(/ambiguous/);
      expect((error as Error).message).toMatch(/list id/);
      expect((error as Error).message).toContain(a);
      expect((error as Error).message).toContain(b);
      const own = await create(me, 'Trip');
      expect((await f.access.resolve(accountViewer(me), 'trip')).id).toBe(own); // an own list settles it
    });

    it('is a 404 when nothing visible matches', async () => {
      await create(alice, 'Secret');
      for (const wanted of ['Secret', 'nothing', '   ']) {
        await expect(f.access.resolve(accountViewer(me), wanted)).rejects.toMatchObject({ kind: 'not_found', code: 'LIST_NOT_FOUND' });
      }
    });
  });
});
