import { accountViewer } from '../../../common/auth/reach';
import { listsFixture, ListsFixture } from '../testing/lists-fixture';

/**
 * The events the lists services record (API.md section 8): each change of a list, a member or
 * an invitation, in order, with its actor, the data its route answers with, and the audience
 * of that moment. Nothing is recorded for a refused change.
 */
describe('events of lists, members and invitations', () => {
  let f: ListsFixture;
  let owner: string;
  let joiner: string;
  let invitee: string;
  let stranger: string;
  const inviteeEmail = 'invitee@example.test';

  beforeEach(async () => {
    f = listsFixture();
    [owner, joiner, invitee, stranger] = await Promise.all([f.addUser(), f.addUser(), f.addUser(inviteeEmail), f.addUser()]);
  });

  const feed = async (userId: string) =>
    (await f.eventLog.read({ viewer: accountViewer(userId), after: null, limit: 500 })).events.map((entry) => entry.event);
  const summary = async (id: string) => {
    const user = (await f.users.findById(id))!;
    return { id, username: user.username, name: user.name };
  };

  it('records every change with the actor, the list and the data of its route, seen by whoever could see the list then', async () => {
    const list = await f.listsService.create(accountViewer(owner), 'Groceries');
    const listId = list.list.id;
    await f.listsService.rename(accountViewer(owner), listId, 'Food');
    const invitation = await f.invitationsService.invite(accountViewer(owner), listId, { email: inviteeEmail, role: 'editor' });
    await f.invitationsService.accept(accountViewer(invitee), invitation.id);
    const share = await f.sharesService.create(accountViewer(owner), listId, { role: 'viewer', expiresAt: null });
    await f.sharesService.join(accountViewer(joiner), share.issuedToken!);
    await f.listsService.changeRole(accountViewer(owner), listId, joiner, 'editor');
    const other = await f.invitationsService.invite(accountViewer(owner), listId, { email: 'someone@example.test', role: 'viewer' });
    await f.invitationsService.revoke(accountViewer(owner), listId, other.id);
    await f.listsService.removeMember(accountViewer(joiner), listId, joiner); // leaves
    await f.listsService.delete(accountViewer(owner), listId);

    const events = await feed(owner);
    expect(events.map((event) => event.type)).toEqual([
      'list.created',
      'list.renamed',
      'invitation.created',
      'invitation.accepted',
      'member.joined',
      'member.joined',
      'member.role_changed',
      'invitation.created',
      'invitation.revoked',
      'member.removed',
      'list.deleted',
    ]);
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'list.created',
      created_at: f.clock.now().toISOString(),
      list: { id: listId, name: 'Groceries' },
      actor: await summary(owner),
      data: { list: expect.objectContaining({ id: listId, name: 'Groceries', role: 'owner', owner: await summary(owner) }) },
      livemode: true,
    });
    expect(events[1]).toMatchObject({ list: { name: 'Food' }, data: { list: { name: 'Food' } } });
    expect(events[3]).toMatchObject({ actor: await summary(invitee), data: { invitation: { id: invitation.id, status: 'accepted' } } });
    expect(events[4]).toMatchObject({ actor: await summary(invitee), data: { member: { user: await summary(invitee), role: 'editor' } } });
    expect(events[5]).toMatchObject({ actor: await summary(joiner), data: { member: { user: await summary(joiner), role: 'viewer' } } });
    expect(events[6]).toMatchObject({ actor: await summary(owner), data: { member: { user: await summary(joiner), role: 'editor' } } });
    expect(events[9]).toMatchObject({ actor: await summary(joiner), data: { member: { user: await summary(joiner) } } });
    expect(events[10]).toMatchObject({ actor: await summary(owner), list: { id: listId, name: 'Food' } });

    // The invitee from joining on, to the deletion; the joiner from joining to their own leaving.
    expect((await feed(invitee)).map((event) => event.id)).toEqual(events.slice(3).map((event) => event.id));
    expect((await feed(joiner)).map((event) => event.id)).toEqual(events.slice(5, 10).map((event) => event.id));
    expect(await feed(stranger)).toEqual([]);
  });

  it('a declined invitation is recorded with the invitee as actor, for the list', async () => {
    const listId = (await f.listsService.create(accountViewer(owner), 'Groceries')).list.id;
    const invitation = await f.invitationsService.invite(accountViewer(owner), listId, { email: inviteeEmail, role: 'viewer' });
    await f.invitationsService.decline(accountViewer(invitee), invitation.id);
    const [, , declined] = await feed(owner);
    expect(declined).toMatchObject({
      type: 'invitation.declined',
      actor: await summary(invitee),
      data: { invitation: { status: 'declined' } },
    });
    expect(await feed(invitee)).toEqual([]);
  });

  it('records nothing for a refused change', async () => {
    const listId = (await f.listsService.create(accountViewer(owner), 'Groceries')).list.id;
    await f.listsService.create(accountViewer(owner), 'Chores');
    const before = await feed(owner);
    await expect(f.listsService.rename(accountViewer(owner), listId, 'chores')).rejects.toMatchObject({ code: 'DUPLICATE_LIST_NAME' });
    await expect(f.listsService.rename(accountViewer(stranger), listId, 'Mine')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(f.listsService.delete(accountViewer(stranger), listId)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(f.listsService.removeMember(accountViewer(owner), listId, stranger)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(f.listsService.changeRole(accountViewer(owner), listId, stranger, 'viewer')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(f.listsService.removeMember(accountViewer(owner), listId, owner)).rejects.toMatchObject({ kind: 'rule' });
    expect(await feed(owner)).toEqual(before);
  });
});
