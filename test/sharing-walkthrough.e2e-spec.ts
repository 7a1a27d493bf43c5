import { randomBytes } from 'node:crypto';
import { Caller, client, Client, makeCaller, summary } from './support/lists-client';
import { startTestApp, TestApp } from './support/test-app';

interface Item {
  id: string;
  text: string;
  completed: boolean;
  created_by: string;
  completed_by: string | null;
}

/**
 * Several people sharing lists, told as stories through the public API only: invite →
 * accept → work → leave; share link → join → revoke; a stranger who tries everything;
 * names that mean different lists to different people; a list deleted under its members.
 */
describe('sharing walkthrough (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const as = (c: Caller): Client => client(t.server, c.key);
  const people = (n: number) => Promise.all(Array.from({ length: n }, () => makeCaller(t.app)));
  const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;
  const createList = async (c: Caller, name: string) => (await as(c).post('/v1/lists', { name }).expect(200)).body.data.list;
  const itemsOf = async (c: Caller, listId: string): Promise<Item[]> =>
    (await as(c).get(`/v1/lists/${listId}/items`).expect(200)).body.data.items;
  const myLists = async (c: Caller) =>
    ((await as(c).get('/v1/lists').expect(200)).body.data.lists as Array<{ id: string; role: string }>).map((l) => [l.id, l.role]);
  const roster = async (c: Caller, listId: string) =>
    ((await as(c).get(`/v1/lists/${listId}/members`).expect(200)).body.data.members as Array<{ user: { id: string }; role: string }>).map(
      (m) => [m.user.id, m.role],
    );

  it('two people: invite → accept → work together → leave', async () => {
    const [alice, bob] = await people(2);
    const name = unique('Groceries');
    const list = await createList(alice, name);

    // Alice invites Bob by his address, written differently from his sign-up.
    const invitation = (
      await as(alice).post(`/v1/lists/${list.id}/invitations`, { email: bob.email.toUpperCase(), role: 'editor' }).expect(200)
    ).body.data.invitation;
    await as(bob).get(`/v1/lists/${list.id}`).expect(404);
    const pending = (await as(bob).get('/v1/invitations').expect(200)).body.data.invitations;
    expect(pending).toEqual([
      expect.objectContaining({ id: invitation.id, list: { id: list.id, name }, inviter: summary(alice), role: 'editor' }),
    ]);

    const joined = (await as(bob).post(`/v1/invitations/${invitation.id}/accept`).expect(200)).body.data.list;
    expect(joined).toMatchObject({ id: list.id, role: 'editor', owner: summary(alice) });
    expect(await myLists(bob)).toEqual([[list.id, 'editor']]);
    expect(await roster(bob, list.id)).toEqual([
      [alice.id, 'owner'],
      [bob.id, 'editor'],
    ]);

    // Both work on it: Bob names the list (shared with him), Alice uses its id.
    const bobs = (
      await as(bob)
        .post('/v1/actions/add', { list: name.toLowerCase(), items: ['milk', 'eggs'] })
        .expect(200)
    ).body.data;
    expect(bobs.list).toEqual({ id: list.id, name });
    expect(bobs.items.map((i: Item) => [i.text, i.created_by])).toEqual([
      ['milk', bob.id],
      ['eggs', bob.id],
    ]);
    await as(alice)
      .post('/v1/actions/add', { list: list.id, items: ['bread'] })
      .expect(200);
    const done = (
      await as(bob)
        .post('/v1/actions/complete', { list: list.id, items: ['MILK'] })
        .expect(200)
    ).body.data.items;
    expect(done).toEqual([expect.objectContaining({ text: 'milk', completed: true, completed_by: bob.id })]);
    expect((await as(alice).get(`/v1/lists/${list.id}`).expect(200)).body.data.list).toMatchObject({ item_count: 3, open_item_count: 2 });
    expect((await itemsOf(alice, list.id)).map((i) => [i.text, i.completed])).toEqual([
      ['milk', true],
      ['eggs', false],
      ['bread', false],
    ]);

    // Bob leaves: the list is gone for him, his work stays for Alice.
    expect((await as(bob).delete(`/v1/lists/${list.id}/members/${bob.id}`).expect(200)).body).toEqual({ data: {}, error: null });
    expect(await myLists(bob)).toEqual([]);
    await as(bob).get(`/v1/lists/${list.id}`).expect(404);
    await as(bob).get(`/v1/lists/${list.id}/items`).expect(404);
    await as(bob)
      .post('/v1/actions/add', { list: list.id, items: ['sneaky'] })
      .expect(404);
    await as(bob)
      .post('/v1/actions/add', { list: name, items: ['sneaky'] })
      .expect(404);
    expect(await roster(alice, list.id)).toEqual([[alice.id, 'owner']]);
    expect((await itemsOf(alice, list.id)).map((i) => i.created_by)).toEqual([bob.id, bob.id, alice.id]);
    expect((await as(alice).get(`/v1/lists/${list.id}/invitations`).expect(200)).body.data.invitations).toEqual([
      expect.objectContaining({ id: invitation.id, status: 'accepted' }),
    ]);

    // He may be invited again, this time to read only.
    const again = (await as(alice).post(`/v1/lists/${list.id}/invitations`, { email: bob.email, role: 'viewer' }).expect(200)).body.data
      .invitation;
    await as(bob).post(`/v1/invitations/${again.id}/accept`).expect(200);
    await as(bob)
      .post('/v1/actions/add', { list: list.id, items: ['nope'] })
      .expect(403);
    expect((await itemsOf(bob, list.id)).map((i) => i.text)).toEqual(['milk', 'eggs', 'bread']);
  });

  it('three people: share links → join → revoke → change a role → remove', async () => {
    const [alice, bob, carol, dave] = await people(4);
    const list = await createList(alice, unique('Trip'));
    const editorLink = (await as(alice).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
    const viewerLink = (await as(alice).post(`/v1/lists/${list.id}/shares`, { role: 'viewer' }).expect(200)).body.data.share;

    await as(bob).post(`/v1/shares/${editorLink.token}/join`).expect(200);
    await as(carol).post(`/v1/shares/${viewerLink.token}/join`).expect(200);
    expect(await roster(carol, list.id)).toEqual([
      [alice.id, 'owner'],
      [bob.id, 'editor'],
      [carol.id, 'viewer'],
    ]);

    await as(bob)
      .post('/v1/actions/add', { list: list.id, items: ['tickets', 'passport'] })
      .expect(200);
    await as(carol)
      .post('/v1/actions/add', { list: list.id, items: ['souvenirs'] })
      .expect(403);
    await as(carol)
      .post('/v1/actions/complete', { list: list.id, items: ['tickets'] })
      .expect(403);
    expect((await itemsOf(carol, list.id)).map((i) => [i.text, i.completed])).toEqual([
      ['tickets', false],
      ['passport', false],
    ]);
    // Neither member may manage the list.
    for (const member of [bob, carol]) {
      await as(member).patch(`/v1/lists/${list.id}`, { name: 'Mine now' }).expect(403);
      await as(member).post(`/v1/lists/${list.id}/invitations`, { email: dave.email, role: 'viewer' }).expect(403);
      await as(member).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(403);
      await as(member).delete(`/v1/lists/${list.id}`).expect(403);
    }

    // Alice revokes the viewer link: Dave is too late, Carol stays.
    await as(alice).delete(`/v1/lists/${list.id}/shares/${viewerLink.id}`).expect(200);
    await as(dave).post(`/v1/shares/${viewerLink.token}/join`).expect(404);
    await as(dave).get(`/v1/lists/${list.id}`).expect(404);
    expect((await as(carol).get(`/v1/lists/${list.id}`).expect(200)).body.data.list.role).toBe('viewer');

    // Alice promotes Carol, who can now write; then removes Bob.
    await as(alice).patch(`/v1/lists/${list.id}/members/${carol.id}`, { role: 'editor' }).expect(200);
    await as(carol)
      .post('/v1/actions/complete', { list: list.id, items: ['tickets'] })
      .expect(200);
    await as(alice).delete(`/v1/lists/${list.id}/members/${bob.id}`).expect(200);
    await as(bob).get(`/v1/lists/${list.id}/items`).expect(404);
    await as(bob)
      .post('/v1/actions/add', { list: list.id, items: ['late'] })
      .expect(404);
    expect(await roster(alice, list.id)).toEqual([
      [alice.id, 'owner'],
      [carol.id, 'editor'],
    ]);

    // The editor link still works, so Bob can come back through it; a removal is no ban.
    await as(bob).post(`/v1/shares/${editorLink.token}/join`).expect(200);
    expect((await as(alice).get(`/v1/lists/${list.id}`).expect(200)).body.data.list).toMatchObject({ item_count: 2, open_item_count: 1 });
    expect(
      (await as(alice).get(`/v1/lists/${list.id}/shares`).expect(200)).body.data.shares.map((s: { revoked: boolean }) => s.revoked),
    ).toEqual([false, true]);
  });

  it('a stranger gets 404 for everything about someone else’s list, and changes nothing', async () => {
    const [alice, bob, mallory] = await people(3);
    const name = unique('Secret plans');
    const list = await createList(alice, name);
    const share = (await as(alice).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
    await as(bob).post(`/v1/shares/${share.token}/join`).expect(200);
    const invitation = (
      await as(alice)
        .post(`/v1/lists/${list.id}/invitations`, { email: `pending_${randomBytes(4).toString('hex')}@example.test`, role: 'viewer' })
        .expect(200)
    ).body.data.invitation;
    const [item] = (
      await as(bob)
        .post('/v1/actions/add', { list: list.id, items: ['world domination'] })
        .expect(200)
    ).body.data.items;

    const attempts: Array<[string, () => ReturnType<Client['get']>]> = [
      ['read the list', () => as(mallory).get(`/v1/lists/${list.id}`)],
      ['rename it', () => as(mallory).patch(`/v1/lists/${list.id}`, { name: 'Mine' })],
      ['delete it', () => as(mallory).delete(`/v1/lists/${list.id}`)],
      ['read members', () => as(mallory).get(`/v1/lists/${list.id}/members`)],
      ['promote themself', () => as(mallory).patch(`/v1/lists/${list.id}/members/${mallory.id}`, { role: 'editor' })],
      ['demote Bob', () => as(mallory).patch(`/v1/lists/${list.id}/members/${bob.id}`, { role: 'viewer' })],
      ['remove Bob', () => as(mallory).delete(`/v1/lists/${list.id}/members/${bob.id}`)],
      ['invite themself', () => as(mallory).post(`/v1/lists/${list.id}/invitations`, { email: mallory.email, role: 'editor' })],
      ['read invitations', () => as(mallory).get(`/v1/lists/${list.id}/invitations`)],
      ['revoke an invitation', () => as(mallory).delete(`/v1/lists/${list.id}/invitations/${invitation.id}`)],
      ['accept someone’s invitation', () => as(mallory).post(`/v1/invitations/${invitation.id}/accept`)],
      ['decline someone’s invitation', () => as(mallory).post(`/v1/invitations/${invitation.id}/decline`)],
      ['make a share link', () => as(mallory).post(`/v1/lists/${list.id}/shares`, { role: 'editor' })],
      ['read share links', () => as(mallory).get(`/v1/lists/${list.id}/shares`)],
      ['revoke a share link', () => as(mallory).delete(`/v1/lists/${list.id}/shares/${share.id}`)],
      ['read items', () => as(mallory).get(`/v1/lists/${list.id}/items`)],
      ...['add', 'complete', 'reopen', 'remove'].flatMap((action): Array<[string, () => ReturnType<Client['get']>]> => [
        [
          `${action} by list id`,
          () => as(mallory).post(`/v1/actions/${action}`, { list: list.id, items: [action === 'add' ? 'x' : item.id] }),
        ],
        [
          `${action} by list name`,
          () => as(mallory).post(`/v1/actions/${action}`, { list: name, items: [action === 'add' ? 'x' : item.text] }),
        ],
      ]),
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      expect([what, res.status, res.body.data]).toEqual([what, 404, null]);
    }

    expect(await roster(alice, list.id)).toEqual([
      [alice.id, 'owner'],
      [bob.id, 'editor'],
    ]);
    expect((await as(alice).get(`/v1/lists/${list.id}`).expect(200)).body.data.list).toMatchObject({
      name,
      item_count: 1,
      open_item_count: 1,
    });
    expect((await as(alice).get(`/v1/lists/${list.id}/invitations`).expect(200)).body.data.invitations).toEqual([invitation]);
    expect((await as(alice).get(`/v1/lists/${list.id}/shares`).expect(200)).body.data.shares).toEqual([{ ...share, token: null }]);
    expect(await myLists(mallory)).toEqual([]);
  });

  it('one name, several lists: own first, then shared; two shared ones are ambiguous (422 with the ids)', async () => {
    const [alice, carol, bob] = await people(3);
    const name = unique('Weekend');
    const fromAlice = await createList(alice, name);
    const fromCarol = await createList(carol, name.toUpperCase());
    for (const [owner, list] of [
      [alice, fromAlice],
      [carol, fromCarol],
    ] as const) {
      const link = (await as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
      await as(bob).post(`/v1/shares/${link.token}/join`).expect(200);
    }

    const ambiguous = await as(bob)
      .post('/v1/actions/add', { list: ` ${name} `, items: ['hike'] })
      .expect(422);
    expect(ambiguous.body.data).toBeNull();
    expect(ambiguous.body.error).toMatch(/ambiguous/i);
    expect(ambiguous.body.error).toMatch(/list id/);
    expect(ambiguous.body.error).toContain(fromAlice.id);
    expect(ambiguous.body.error).toContain(fromCarol.id);
    // Nothing was added anywhere.
    for (const [owner, list] of [
      [alice, fromAlice],
      [carol, fromCarol],
    ] as const)
      expect(await itemsOf(owner, list.id)).toEqual([]);

    // The id always settles it; each owner's own list wins for them.
    await as(bob)
      .post('/v1/actions/add', { list: fromCarol.id, items: ['hike'] })
      .expect(200);
    expect(
      (
        await as(alice)
          .post('/v1/actions/add', { list: name.toLowerCase(), items: ['rest'] })
          .expect(200)
      ).body.data.list.id,
    ).toBe(fromAlice.id);
    expect(
      (
        await as(carol)
          .post('/v1/actions/add', { list: name, items: ['swim'] })
          .expect(200)
      ).body.data.list.id,
    ).toBe(fromCarol.id);

    // Once Bob has a list of that name himself, the name means his own list.
    const own = await createList(bob, name);
    expect(
      (
        await as(bob)
          .post('/v1/actions/add', { list: name, items: ['sleep'] })
          .expect(200)
      ).body.data.list.id,
    ).toBe(own.id);
    await as(bob).delete(`/v1/lists/${own.id}`).expect(200);

    // Leaving one of the shared lists leaves one match: no longer ambiguous.
    await as(bob).delete(`/v1/lists/${fromCarol.id}/members/${bob.id}`).expect(200);
    expect(
      (
        await as(bob)
          .post('/v1/actions/add', { list: name, items: ['picnic'] })
          .expect(200)
      ).body.data.list.id,
    ).toBe(fromAlice.id);
    expect((await itemsOf(alice, fromAlice.id)).map((i) => i.text)).toEqual(['rest', 'picnic']);
    expect((await itemsOf(carol, fromCarol.id)).map((i) => i.text)).toEqual(['hike', 'swim']);
  });

  it('deleting a shared list takes it from every member, its pending invitations and its links', async () => {
    const [alice, bob, carol] = await people(3);
    const list = await createList(alice, unique('Short-lived'));
    const link = (await as(alice).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
    await as(bob).post(`/v1/shares/${link.token}/join`).expect(200);
    const invitation = (await as(alice).post(`/v1/lists/${list.id}/invitations`, { email: carol.email, role: 'viewer' }).expect(200)).body
      .data.invitation;
    expect((await as(carol).get('/v1/invitations').expect(200)).body.data.invitations).toHaveLength(1);

    await as(alice).delete(`/v1/lists/${list.id}`).expect(200);
    expect(await myLists(bob)).toEqual([]);
    await as(bob).get(`/v1/lists/${list.id}/items`).expect(404);
    expect((await as(carol).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
    await as(carol).post(`/v1/invitations/${invitation.id}/accept`).expect(404);
    await as(carol).post(`/v1/shares/${link.token}/join`).expect(404);
    expect(await myLists(carol)).toEqual([]);
  });
});
