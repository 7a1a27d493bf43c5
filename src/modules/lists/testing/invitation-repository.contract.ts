import { randomUUID } from 'node:crypto';
import { Invitation } from '../domain/invitation';
import { INVITATION_TTL_MS } from '../domain/limits';
import { givenList, ListsStorage, nextInstant } from './lists-storage';

/** What every InvitationRepository must do; run against the in-memory and the TypeORM adapter. */
export function describeInvitationRepositoryContract(adapter: string, make: () => Promise<ListsStorage>): void {
  describe(`InvitationRepository contract (${adapter})`, () => {
    let s: ListsStorage;
    let owner: string;

    const invite = async (listId: string, email: string, now = nextInstant()) => {
      const invitation = Invitation.issue({ id: randomUUID(), listId, email, role: 'editor', inviterId: owner, now });
      await s.invitations.insert(invitation);
      return invitation;
    };

    beforeEach(async () => {
      s = await make();
      owner = await s.newUser();
    });

    it('stores an invitation and reads it back unchanged', async () => {
      const list = await givenList(s, owner);
      const invitation = await invite(list.id, 'Ada@Example.test');
      expect(invitation.email).toBe('ada@example.test');
      expect((await s.invitations.findById(invitation.id))?.toProps()).toEqual(invitation.toProps());
      expect(await s.invitations.findById(randomUUID())).toBeNull();
    });

    it('saves a status change with its response time', async () => {
      const list = await givenList(s, owner);
      const invitation = await invite(list.id, 'a@example.test');
      const at = nextInstant();
      invitation.decline(at);
      await s.invitations.save(invitation);
      expect((await s.invitations.findById(invitation.id))?.toProps()).toMatchObject({ status: 'declined', respondedAt: at });
    });

    it('deletes settled invitations of the list (answered, revoked, expired) beyond the `keep` newest', async () => {
      const list = await givenList(s, owner);
      const other = await givenList(s, owner);
      const expired = await invite(list.id, 'a@example.test', new Date(nextInstant().getTime() - INVITATION_TTL_MS - 60_000));
      const declined = await invite(list.id, 'b@example.test');
      const pending = await invite(list.id, 'c@example.test');
      const revoked = await invite(list.id, 'd@example.test');
      const elsewhere = await invite(other.id, 'e@example.test');
      for (const invitation of [declined, revoked, elsewhere]) {
        invitation.revoke(nextInstant());
        await s.invitations.save(invitation);
      }
      const now = nextInstant();
      expect(await s.invitations.deleteSettledBeyond(list.id, now, 1)).toBe(2);
      // The newest settled one stays, with the pending one and the other list's.
      expect((await s.invitations.listByList(list.id)).map((i) => i.id)).toEqual([pending.id, revoked.id]);
      expect((await s.invitations.listByList(other.id)).map((i) => i.id)).toEqual([elsewhere.id]);
      expect(expired.isPendingAt(now)).toBe(false);
    });

    it("lists a list's invitations of every status, oldest first", async () => {
      const list = await givenList(s, owner);
      const first = await invite(list.id, 'a@example.test');
      const second = await invite(list.id, 'b@example.test');
      second.revoke(nextInstant());
      await s.invitations.save(second);
      await invite((await givenList(s, owner)).id, 'c@example.test');
      expect((await s.invitations.listByList(list.id)).map((i) => i.id)).toEqual([first.id, second.id]);
    });

    it('finds and counts only invitations still pending at the given moment', async () => {
      // Addresses of this test only: the TypeORM run shares one database between tests.
      const [a, b] = ['a', 'b'].map((x) => `${x}_${randomUUID().slice(0, 8)}@example.test`);
      const list = await givenList(s, owner);
      const otherList = await givenList(s, owner);
      const sent = nextInstant();
      const pending = await invite(list.id, a, sent);
      const declined = await invite(list.id, b, sent);
      declined.decline(nextInstant());
      await s.invitations.save(declined);
      const elsewhere = await invite(otherList.id, a, nextInstant());
      const now = nextInstant();

      expect((await s.invitations.findPending(list.id, a, now))?.id).toBe(pending.id);
      expect(await s.invitations.findPending(list.id, b, now)).toBeNull();
      expect(await s.invitations.countPending(list.id, now)).toBe(1);
      expect((await s.invitations.listPendingFor(a, now, 10)).map((i) => i.id)).toEqual([pending.id, elsewhere.id]);

      const expiry = new Date(sent.getTime() + INVITATION_TTL_MS);
      expect(await s.invitations.findPending(list.id, a, expiry)).toBeNull();
      expect(await s.invitations.countPending(list.id, expiry)).toBe(0);
      expect((await s.invitations.listPendingFor(a, expiry, 10)).map((i) => i.id)).toEqual([elsewhere.id]);
      // Bounded: the oldest first, at most `limit`.
      expect((await s.invitations.listPendingFor(a, now, 1)).map((i) => i.id)).toEqual([pending.id]);
    });

    it("counts an inviter's invitation mails per day up to the limit, each inviter and each day apart", async () => {
      const other = await s.newUser();
      const counted = async (inviter: string, day: string) => s.invitations.countInvitationMail(inviter, day, 2);
      expect([await counted(owner, '2026-03-01'), await counted(owner, '2026-03-01'), await counted(owner, '2026-03-01')]).toEqual([
        true,
        true,
        false,
      ]);
      expect(await counted(other, '2026-03-01')).toBe(true);
      expect([await counted(owner, '2026-03-02'), await counted(owner, '2026-03-02'), await counted(owner, '2026-03-02')]).toEqual([
        true,
        true,
        false,
      ]);
    });
  });
}
