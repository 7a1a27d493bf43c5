import { canWriteItems } from './list-access';
import { List, VisibleList } from './list';
import { listNameProblem, parseListName } from './list-name';
import { Membership } from './membership';

const owner = '00000000-0000-4000-8000-0000000000aa';
const member = '00000000-0000-4000-8000-0000000000bb';
const stranger = '00000000-0000-4000-8000-0000000000cc';
const now = new Date('2026-03-01T09:00:00.000Z');
const list = List.create({ id: '00000000-0000-4000-8000-000000000001', ownerId: owner, name: 'Groceries', now });

describe('list names', () => {
  it('are trimmed and kept as written otherwise', () => {
    expect(parseListName('  Groceries \n')).toBe('Groceries');
  });

  it('count code points: 100 emoji are fine, 101 are not', () => {
    expect(listNameProblem('😀'.repeat(100))).toBeNull();
    expect(listNameProblem('😀'.repeat(101))).not.toBeNull();
    expect(listNameProblem('x'.repeat(100))).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['only white space', ' \t\n '],
    ['101 characters', 'x'.repeat(101)],
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone low surrogate', '\uDE00a'],
  ])('refuse %s with a 400-kind error', (_label, raw) => {
    expect(() => parseListName(raw)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'INVALID_LIST_NAME' }));
  });
});

describe('List', () => {
  it('starts with no items and created_at = updated_at', () => {
    expect(list.toProps()).toMatchObject({ itemCount: 0, openItemCount: 0, createdAt: now, updatedAt: now });
  });

  it('gives its owner the owner role, a member their role, and anyone else none', () => {
    const membership = Membership.join({ listId: list.id, userId: member, role: 'viewer', joinedAt: now });
    expect(list.roleOf(owner, null)).toBe('owner');
    expect(list.roleOf(member, membership)).toBe('viewer');
    expect(list.roleOf(stranger, null)).toBeNull();
    expect(list.roleOf(stranger, membership)).toBeNull(); // someone else's membership proves nothing
  });

  it('renames and moves updated_at', () => {
    const copy = List.restore(list.toProps());
    const later = new Date(now.getTime() + 1000);
    copy.rename('Food', later);
    expect(copy.toProps()).toMatchObject({ name: 'Food', updatedAt: later, createdAt: now });
  });
});

describe('roles', () => {
  it('let owners and editors write items, viewers only read', () => {
    expect([canWriteItems('owner'), canWriteItems('editor'), canWriteItems('viewer')]).toEqual([true, true, false]);
  });

  const actions = [
    'rename',
    'delete',
    'invite',
    'seeInvitations',
    'revokeInvitation',
    'share',
    'seeShares',
    'revokeShare',
    'changeRole',
  ] as const;

  it.each(actions)('let only the owner %s (others get a 403-kind error)', (action) => {
    expect(() => new VisibleList(list, 'owner', owner).authorize(action)).not.toThrow();
    for (const role of ['editor', 'viewer'] as const) {
      expect(() => new VisibleList(list, role, member).authorize(action)).toThrow(
        expect.objectContaining({ kind: 'forbidden', message: expect.stringMatching(/^Only the list's owner can /) }),
      );
    }
  });

  describe('removing members', () => {
    it('the owner removes anyone but themself', () => {
      expect(() => new VisibleList(list, 'owner', owner).authorizeRemoval(member)).not.toThrow();
    });

    it('the owner cannot leave (422-kind: delete the list instead)', () => {
      expect(() => new VisibleList(list, 'owner', owner).authorizeRemoval(owner)).toThrow(
        expect.objectContaining({ kind: 'rule', code: 'OWNER_CANNOT_LEAVE', message: expect.stringMatching(/delete the list/) }),
      );
    });

    it.each(['editor', 'viewer'] as const)('a %s may leave but not remove anyone else, the owner included', (role) => {
      const seen = new VisibleList(list, role, member);
      expect(() => seen.authorizeRemoval(member)).not.toThrow();
      expect(() => seen.authorizeRemoval(stranger)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
      expect(() => seen.authorizeRemoval(owner)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    });
  });
});
