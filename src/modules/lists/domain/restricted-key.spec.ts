import type { ViewerInMode } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import { listsFixture, ListsFixture } from '../testing/lists-fixture';
import { Membership } from './membership';

/**
 * API.md section 9, "What a restricted key may do": the lists services as a key restricted to
 * some of its account's lists (Viewer.listIds) sees them. The rule itself is the stores' (the
 * repository contracts hold both stores to it); this spec checks that every service asks it.
 */
describe('a list-restricted key in the lists services', () => {
  let f: ListsFixture;
  let me: string;
  let friend: string;
  let inside: string;
  let outside: string;
  let key: ViewerInMode;

  const account = () => accountViewer(me);

  beforeEach(async () => {
    f = listsFixture();
    me = await f.addUser('me@example.test');
    friend = await f.addUser('friend@example.test');
    inside = (await f.listsService.create(account(), 'Groceries')).list.id;
    f.clock.advance(1);
    outside = (await f.listsService.create(account(), 'Chores')).list.id;
    key = { userId: me, listIds: [inside], mode: 'live' };
  });

  it('sees its lists alone: an outside list is the 404 of an unknown one on every list route', async () => {
    expect((await f.listsService.page(key, 10)).lists.map((v) => v.list.id)).toEqual([inside]);
    expect((await f.listsService.get(key, inside)).role).toBe('owner');
    const notFound = { kind: 'not_found', code: 'LIST_NOT_FOUND' };
    for (const attempt of [
      () => f.listsService.get(key, outside),
      () => f.listsService.rename(key, outside, 'Renamed'),
      () => f.listsService.delete(key, outside),
      () => f.listsService.members(key, outside),
      () => f.listsService.changeRole(key, outside, friend, 'editor'),
      () => f.listsService.removeMember(key, outside, friend),
      () => f.invitationsService.invite(key, outside, { email: 'x@example.test', role: 'viewer' }),
      () => f.invitationsService.listForList(key, outside),
      () => f.sharesService.create(key, outside, { role: 'viewer', expiresAt: null }),
      () => f.sharesService.list(key, outside),
      () => f.access.getVisible(key, outside),
      () => f.access.resolve(key, 'Chores'),
    ]) {
      await expect(attempt()).rejects.toMatchObject(notFound);
    }
    expect((await f.listsService.get(account(), outside)).list.name).toBe('Chores');
  });

  it('renames, shares, invites to and deletes one of its lists as the account may', async () => {
    expect((await f.listsService.rename(key, inside, 'Food')).list.name).toBe('Food');
    expect(await f.sharesService.create(key, inside, { role: 'viewer', expiresAt: null })).toMatchObject({ listId: inside });
    expect(await f.invitationsService.invite(key, inside, { email: 'friend@example.test', role: 'editor' })).toMatchObject({
      status: 'pending',
    });
    await f.listsService.delete(key, inside);
    // A list deleted simply stops being reachable.
    await expect(f.listsService.get(key, inside)).rejects.toMatchObject({ code: 'LIST_NOT_FOUND' });
    expect((await f.listsService.page(key, 10)).lists).toEqual([]);
  });

  it('resolves a name among its lists only', async () => {
    const theirs = (await f.listsService.create(accountViewer(friend), 'chores')).list.id;
    await f.lists.insertMember(Membership.join({ listId: theirs, userId: me, role: 'editor', joinedAt: f.clock.now() }));
    // The account's own "Chores" wins for a full key; the key reaches only the shared one.
    expect((await f.access.resolve(account(), 'CHORES')).id).toBe(outside);
    expect(await f.access.resolve({ userId: me, listIds: [inside, theirs] }, 'CHORES')).toEqual({
      id: theirs,
      name: 'chores',
      role: 'editor',
    });
  });

  it('cannot create lists, accept invitations or join share links: one 403 that says why', async () => {
    const forbidden = (what: string) => ({ kind: 'forbidden', code: 'KEY_LISTS_RESTRICTED', message: expect.stringContaining(what) });
    await expect(f.listsService.create(key, 'New')).rejects.toMatchObject(
      forbidden("create lists: a new list would reach outside the key's lists"),
    );

    const theirs = (await f.listsService.create(accountViewer(friend), 'Theirs')).list.id;
    const invitation = await f.invitationsService.invite(accountViewer(friend), theirs, { email: 'me@example.test', role: 'viewer' });
    await expect(f.invitationsService.accept(key, invitation.id)).rejects.toMatchObject(forbidden('accept invitations'));
    const link = await f.sharesService.create(accountViewer(friend), theirs, { role: 'viewer', expiresAt: null });
    await expect(f.sharesService.join(key, link.issuedToken!)).rejects.toMatchObject(forbidden('join share links'));
    // Decided before the token or the invitation is looked at, so a key can probe neither.
    await expect(f.sharesService.join(key, 'not-a-token')).rejects.toMatchObject(forbidden('join share links'));
    await expect(f.invitationsService.accept(key, 'not-an-id')).rejects.toMatchObject(forbidden('accept invitations'));

    // Nothing changed: the account is still outside that list, and the full key may still join.
    await expect(f.listsService.get(account(), theirs)).rejects.toMatchObject({ code: 'LIST_NOT_FOUND' });
    expect((await f.sharesService.join(account(), link.issuedToken!)).list.id).toBe(theirs);
  });

  it("shows and declines only invitations to its lists: another list's invitation does not exist for it", async () => {
    const theirs = (await f.listsService.create(accountViewer(friend), 'Theirs')).list.id;
    const invitation = await f.invitationsService.invite(accountViewer(friend), theirs, { email: 'me@example.test', role: 'viewer' });
    expect((await f.invitationsService.listMine(account())).map((i) => i.id)).toEqual([invitation.id]);
    expect(await f.invitationsService.listMine(key)).toEqual([]);
    await expect(f.invitationsService.decline(key, invitation.id)).rejects.toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    const seenByTheirKey = { userId: me, listIds: [theirs] };
    expect((await f.invitationsService.listMine(seenByTheirKey)).map((i) => i.id)).toEqual([invitation.id]);
    expect(await f.invitationsService.decline(seenByTheirKey, invitation.id)).toMatchObject({ status: 'declined' });
  });

  it('stops reaching a list the account leaves', async () => {
    const theirs = (await f.listsService.create(accountViewer(friend), 'Theirs')).list.id;
    await f.lists.insertMember(Membership.join({ listId: theirs, userId: me, role: 'viewer', joinedAt: f.clock.now() }));
    const both = { userId: me, listIds: [inside, theirs] };
    expect((await f.listsService.page(both, 10)).lists.map((v) => v.list.id)).toEqual([inside, theirs]);
    await f.listsService.removeMember(both, theirs, me);
    expect((await f.listsService.page(both, 10)).lists.map((v) => v.list.id)).toEqual([inside]);
    await expect(f.listsService.get(both, theirs)).rejects.toMatchObject({ code: 'LIST_NOT_FOUND' });
  });
});
