import { Invitation } from './invitation';
import { INVITATION_TTL_MS } from './limits';

const sent = new Date('2026-03-01T09:00:00.000Z');
const issue = () =>
  Invitation.issue({ id: 'i1', listId: 'l1', email: '  Ada@Example.COM ', role: 'editor', inviterId: 'owner', now: sent });
const at = (ms: number) => new Date(sent.getTime() + ms);

describe('Invitation', () => {
  it('is pending for 14 days, then reads as expired', () => {
    const invitation = issue();
    expect(invitation.toProps()).toMatchObject({ status: 'pending', createdAt: sent, expiresAt: at(INVITATION_TTL_MS), respondedAt: null });
    expect(INVITATION_TTL_MS).toBe(14 * 24 * 3600 * 1000);
    expect(invitation.statusAt(at(INVITATION_TTL_MS - 1))).toBe('pending');
    expect(invitation.statusAt(at(INVITATION_TTL_MS))).toBe('expired');
    expect(invitation.toProps().status).toBe('pending'); // expiry is read, never written
  });

  it('matches account emails case-insensitively and stores the address normalised', () => {
    const invitation = issue();
    expect(invitation.email).toBe('ada@example.com');
    expect(invitation.isAddressedTo('ADA@example.com')).toBe(true);
    expect(invitation.isAddressedTo('bob@example.com')).toBe(false);
  });

  it.each([
    ['accept', 'accepted', true],
    ['decline', 'declined', true],
    ['revoke', 'revoked', false],
  ] as const)('can %s while pending; respondedAt records only the invitee’s answer', (action, status, responded) => {
    const invitation = issue();
    invitation[action](at(1000));
    expect(invitation.toProps()).toMatchObject({ status, respondedAt: responded ? at(1000) : null });
  });

  it.each(['accept', 'decline', 'revoke'] as const)('refuses to %s once it is no longer pending (422-kind)', (action) => {
    const closed = issue();
    closed.decline(at(1));
    expect(() => closed[action](at(2))).toThrow(expect.objectContaining({ kind: 'rule', message: expect.stringMatching(/declined/) }));
    expect(() => issue()[action](at(INVITATION_TTL_MS))).toThrow(
      expect.objectContaining({ kind: 'rule', message: expect.stringMatching(/expired/) }),
    );
  });

  it('describes itself with its status at a moment and its list', () => {
    expect(issue().describe(at(INVITATION_TTL_MS + 5), { id: 'l1', name: 'Groceries' })).toMatchObject({
      id: 'i1',
      status: 'expired',
      list: { id: 'l1', name: 'Groceries' },
      email: 'ada@example.com',
    });
  });
});
