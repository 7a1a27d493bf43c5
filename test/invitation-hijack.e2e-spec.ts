import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { listsWorld, makeCaller } from './support/lists-client';
import { listen, PortalClient } from './support/portal-client';
import { useTestApp } from './support/test-app';

/**
 * API.md section 12: an invitation goes to whoever proves they own its address. Someone who
 * signs up with the invitee's email without proving it sees nothing and can accept nothing.
 */
describe('invitation hijack by an unproven email (e2e)', () => {
  const t = useTestApp();
  const { as, createList, membersOf } = listsWorld(t);

  it('hides the invitation from an account that only typed the address: the list stays closed to it', async () => {
    const owner = await makeCaller(t.app);
    const list = await createList(owner);
    const victim = `victim_${randomBytes(5).toString('hex')}@example.test`;
    const invitation = (await as(owner).post(`/v1/lists/${list.id}/invitations`, { email: victim, role: 'editor' }).expect(200)).body.data
      .invitation;

    // The attacker signs up on the developer page with the victim's address and makes a key.
    const attacker = new PortalClient(await listen(t.app));
    const suffix = randomBytes(5).toString('hex');
    const signUp = await attacker.post('signup', {
      email: victim.toUpperCase(),
      username: `mallory_${suffix}`,
      name: 'Mallory',
      password: 'a long enough password',
    });
    expect(signUp.status).toBe(200);
    const key = (await attacker.post('keys', { label: 'hijack' })).body.data.key as string;

    const listed = await request(t.server).get('/v1/invitations').set('X-API-Key', key).expect(200);
    expect(listed.body.data.invitations).toEqual([]);
    await request(t.server).post(`/v1/invitations/${invitation.id}/accept`).set('X-API-Key', key).expect(404);
    await request(t.server).post(`/v1/invitations/${invitation.id}/decline`).set('X-API-Key', key).expect(404);

    expect((await membersOf(owner, list.id)).map((m) => m.user.id)).toEqual([owner.id]);
    await request(t.server).get(`/v1/lists/${list.id}`).set('X-API-Key', key).expect(404);
    const status = (await as(owner).get(`/v1/lists/${list.id}/invitations`).expect(200)).body.data.invitations[0].status;
    expect(status).toBe('pending');
  });
});
