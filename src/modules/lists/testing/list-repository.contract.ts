import { randomUUID } from 'node:crypto';
import { accountViewer } from '../../../common/auth/reach';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { setTimeout as sleep } from 'node:timers/promises';
import { Invitation } from '../domain/invitation';
import { List } from '../domain/list';
import { AlreadyMember, DuplicateListName } from '../domain/lists.errors';
import { Membership } from '../domain/membership';
import { Share } from '../domain/share';
import { givenList, givenMember, ListsStorage, nextInstant } from './lists-storage';

/** What every ListRepository must do; run against the in-memory and the TypeORM adapter. */
export function describeListRepositoryContract(adapter: string, make: () => Promise<ListsStorage>): void {
  describe(`ListRepository contract (${adapter})`, () => {
    let s: ListsStorage;
    let owner: string;
    let other: string;

    beforeEach(async () => {
      s = await make();
      owner = await s.newUser();
      other = await s.newUser();
    });

    it('stores a list and reads it back unchanged', async () => {
      const list = await givenList(s, owner, 'Groceries');
      expect((await s.lists.findById(list.id))?.toProps()).toEqual(list.toProps());
      expect((await s.lists.findByIds([list.id, list.id, randomUUID()])).map((l) => l.id)).toEqual([list.id]);
      expect(await s.lists.findById(randomUUID())).toBeNull();
    });

    it('refuses a second list of the same name for one owner, case-insensitively, but not for another owner', async () => {
      await givenList(s, owner, 'Groceries');
      await expect(givenList(s, owner, 'GROCERIES')).rejects.toBeInstanceOf(DuplicateListName);
      await expect(givenList(s, other, 'groceries')).resolves.toBeInstanceOf(List);
      expect(await s.lists.countOwnedBy(owner)).toBe(1);
    });

    /*
     * Names compare by foldKey (NFC, then Unicode full case folding), in SQL as in memory.
     * Full folding is not Turkish-aware: "İ" (U+0130) folds to "i̇" (i + U+0307), so it does
     * not match a plain "i"; the dotless "ı" (U+0131) folds to itself, so it matches neither "I" nor "i".
     */
    it.each([
      ['ß and SS', 'Straße', 'STRASSE'],
      ['capital ẞ and ss', 'GROẞE', 'grosse'],
      ['final, small and capital sigma', 'οδος', 'ΟΔΟΣ'],
      ['a precomposed letter and a combining accent', 'Caf\u00e9', 'CAFE\u0301'],
      ['İ and i followed by U+0307', '\u0130stanbul', 'i\u0307stanbul'],
    ])('takes %s for the same name', async (_label, first, second) => {
      const list = await givenList(s, owner, first);
      await expect(givenList(s, owner, second)).rejects.toBeInstanceOf(DuplicateListName);
      const found = await s.lists.findVisibleByIdOrName(accountViewer(owner), null, second, 10);
      expect(found.map((v) => v.list.id)).toEqual([list.id]);
      const renamed = await givenList(s, owner, 'Elsewhere');
      renamed.rename(second, nextInstant());
      await expect(s.lists.saveName(renamed)).rejects.toBeInstanceOf(DuplicateListName);
    });

    it.each([
      ['İ and a plain i', '\u0130stanbul', 'istanbul'],
      ['dotless ı and I', '\u0131l\u0131k', 'ILIK'],
      ['dotless ı and i', '\u0131l\u0131k', 'ilik'],
      ['an accented letter and the bare one', 'Caf\u00e9', 'cafe'],
    ])('takes %s for different names', async (_label, first, second) => {
      const list = await givenList(s, owner, first);
      const distinct = await givenList(s, owner, second);
      expect((await s.lists.findVisibleByIdOrName(accountViewer(owner), null, first, 10)).map((v) => v.list.id)).toEqual([list.id]);
      expect((await s.lists.findVisibleByIdOrName(accountViewer(owner), null, second, 10)).map((v) => v.list.id)).toEqual([distinct.id]);
    });

    it('saves a new name and updated_at only, refusing a name the owner already uses', async () => {
      const list = await givenList(s, owner, 'Groceries');
      await givenList(s, owner, 'Chores');
      const later = nextInstant();
      list.rename('groceries (weekly)', later);
      const saved = await s.lists.saveName(list);
      expect(saved?.toProps()).toEqual({ ...list.toProps(), name: 'groceries (weekly)', updatedAt: later });
      list.rename('GROCERIES (Weekly)', later);
      await expect(s.lists.saveName(list)).resolves.toMatchObject({ name: 'GROCERIES (Weekly)' });
      list.rename('chores', later);
      await expect(s.lists.saveName(list)).rejects.toBeInstanceOf(DuplicateListName);
      const ghost = List.create({ id: randomUUID(), ownerId: owner, name: 'Ghost', now: later });
      expect(await s.lists.saveName(ghost)).toBeNull();
    });

    it('sees a list as its owner or a member with their role, and not at all otherwise', async () => {
      const list = await givenList(s, owner);
      await givenMember(s, list, other, 'viewer');
      const stranger = await s.newUser();
      expect((await s.lists.findVisible(accountViewer(owner), list.id))?.role).toBe('owner');
      const seen = await s.lists.findVisible(accountViewer(other), list.id);
      expect(seen?.role).toBe('viewer');
      expect(seen?.list.toProps()).toEqual(list.toProps());
      expect(await s.lists.findVisible(accountViewer(stranger), list.id)).toBeNull();
      expect(await s.lists.findVisible(accountViewer(owner), randomUUID())).toBeNull();
    });

    it('pages through owned and joined lists together, oldest first, strictly after a key', async () => {
      const mine1 = await givenList(s, owner);
      const theirs = await givenList(s, other);
      await givenMember(s, theirs, owner, 'editor');
      const mine2 = await givenList(s, owner);
      await givenList(s, other); // not visible to owner
      const all = await s.lists.pageVisible(accountViewer(owner), null, 10);
      expect(all.map((v) => [v.list.id, v.role])).toEqual([
        [mine1.id, 'owner'],
        [theirs.id, 'editor'],
        [mine2.id, 'owner'],
      ]);
      expect((await s.lists.pageVisible(accountViewer(owner), null, 2)).map((v) => v.list.id)).toEqual([mine1.id, theirs.id]);
      const after = { createdAt: theirs.createdAt, id: theirs.id };
      expect((await s.lists.pageVisible(accountViewer(owner), after, 10)).map((v) => v.list.id)).toEqual([mine2.id]);
      expect(await s.lists.pageVisible(accountViewer(await s.newUser()), null, 10)).toEqual([]);
    });

    it('breaks ties of creation time by id', async () => {
      const at = nextInstant();
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of ids) await s.lists.insert(List.create({ id, ownerId: owner, name: id, now: at }));
      const sorted = [...ids].sort();
      expect((await s.lists.pageVisible(accountViewer(owner), null, 10)).map((v) => v.list.id)).toEqual(sorted);
      expect((await s.lists.pageVisible(accountViewer(owner), { createdAt: at, id: sorted[0] }, 10)).map((v) => v.list.id)).toEqual(
        sorted.slice(1),
      );
    });

    it('finds resolution candidates: the id match first, then own lists, then shared ones by age', async () => {
      const third = await s.newUser();
      const sharedA = await givenList(s, other, 'Trip');
      const sharedB = await givenList(s, third, 'TRIP');
      const own = await givenList(s, owner, 'trip');
      const byId = await givenList(s, third, 'Elsewhere');
      await givenList(s, third, 'Trip planning'); // not a match, and not visible anyway
      for (const list of [sharedA, sharedB, byId]) await givenMember(s, list, owner);

      const found = await s.lists.findVisibleByIdOrName(accountViewer(owner), byId.id, ' trip '.trim(), 10);
      expect(found.map((v) => v.list.id)).toEqual([byId.id, own.id, sharedA.id, sharedB.id]);
      expect((await s.lists.findVisibleByIdOrName(accountViewer(owner), null, 'TRIP', 2)).map((v) => v.list.id)).toEqual([
        own.id,
        sharedA.id,
      ]);
      expect(await s.lists.findVisibleByIdOrName(accountViewer(await s.newUser()), byId.id, 'trip', 10)).toEqual([]);
    });

    it("sees, through a list-restricted key, only the key's lists: by id, in pages and among candidates", async () => {
      const outside = await givenList(s, owner, 'Trip');
      const inside = await givenList(s, other, 'TRIP');
      const alsoInside = await givenList(s, owner, 'Chores');
      await givenMember(s, inside, owner, 'editor');
      const key = { userId: owner, listIds: [inside.id, alsoInside.id, randomUUID()] };
      expect((await s.lists.findVisible(key, inside.id))?.role).toBe('editor');
      expect(await s.lists.findVisible(key, outside.id)).toBeNull();
      expect((await s.lists.pageVisible(key, null, 10)).map((v) => v.list.id)).toEqual([inside.id, alsoInside.id]);
      expect((await s.lists.pageVisible(key, null, 1)).map((v) => v.list.id)).toEqual([inside.id]);
      expect((await s.lists.pageVisible(key, { createdAt: inside.createdAt, id: inside.id }, 10)).map((v) => v.list.id)).toEqual([
        alsoInside.id,
      ]);
      // The own list of that name is outside the key: the shared one is the only candidate.
      expect((await s.lists.findVisibleByIdOrName(key, outside.id, 'trip', 10)).map((v) => v.list.id)).toEqual([inside.id]);
      // The key's lists never widen what the account sees.
      const stranger = await givenList(s, await s.newUser(), 'Trip');
      expect(await s.lists.findVisible({ userId: owner, listIds: [stranger.id] }, stranger.id)).toBeNull();
    });

    it('keeps members: insert once, read, count, change role, delete', async () => {
      const list = await givenList(s, owner);
      const second = await s.newUser();
      const first = await givenMember(s, list, other, 'editor');
      await givenMember(s, list, second, 'viewer');
      await expect(
        s.lists.insertMember(Membership.join({ listId: list.id, userId: other, role: 'viewer', joinedAt: nextInstant() })),
      ).rejects.toBeInstanceOf(AlreadyMember);

      expect((await s.lists.findMember(list.id, other))?.toProps()).toEqual(first.toProps());
      expect(await s.lists.findMember(list.id, owner)).toBeNull();
      expect((await s.lists.listMembers(list.id)).map((m) => [m.userId, m.role])).toEqual([
        [other, 'editor'],
        [second, 'viewer'],
      ]);
      expect(await s.lists.countMembers(list.id)).toBe(2);

      first.changeRole('viewer');
      expect(await s.lists.saveMemberRole(first)).toBe(true);
      expect((await s.lists.findMember(list.id, other))?.role).toBe('viewer');
      expect(await s.lists.deleteMember(list.id, other)).toBe(true);
      expect(await s.lists.deleteMember(list.id, other)).toBe(false);
      expect(await s.lists.saveMemberRole(first)).toBe(false);
      expect(await s.lists.countMembers(list.id)).toBe(1);
    });

    it('deletes a list with its members, invitations and shares', async () => {
      const list = await givenList(s, owner);
      const kept = await givenList(s, owner);
      await givenMember(s, list, other);
      const invitation = Invitation.issue({
        id: randomUUID(),
        listId: list.id,
        email: 'x@example.test',
        role: 'viewer',
        inviterId: owner,
        now: nextInstant(),
      });
      await s.invitations.insert(invitation);
      const share = Share.issue(
        { id: randomUUID(), listId: list.id, role: 'viewer', expiresAt: null, now: nextInstant() },
        new NodeSecretGenerator(),
        new Sha256TokenHasher(),
      );
      await s.shares.insert(share);

      await s.lists.delete(list.id);
      expect(await s.lists.findById(list.id)).toBeNull();
      expect(await s.lists.findMember(list.id, other)).toBeNull();
      expect(await s.invitations.findById(invitation.id)).toBeNull();
      expect(await s.shares.findById(share.id)).toBeNull();
      expect(await s.lists.findById(kept.id)).not.toBeNull();
    });

    it('deletes several lists at once with what hangs off them, counting those that existed', async () => {
      const [a, b, kept] = [await givenList(s, owner), await givenList(s, owner), await givenList(s, owner)];
      await givenMember(s, a, other);
      expect(await s.lists.deleteMany([])).toBe(0);
      expect(await s.lists.deleteMany([a.id, b.id, randomUUID()])).toBe(2);
      expect((await s.lists.findByIds([a.id, b.id, kept.id])).map((l) => l.id)).toEqual([kept.id]);
      expect(await s.lists.findMember(a.id, other)).toBeNull();
      expect(await s.lists.deleteMany([a.id])).toBe(0);
    });

    it('locks: lockList answers the list (or null), and units locking one list or one owner take turns', async () => {
      const list = await givenList(s, owner);
      expect((await s.uow.run(() => s.lists.lockList(list.id)))?.id).toBe(list.id);
      expect(await s.uow.run(() => s.lists.lockList(randomUUID()))).toBeNull();

      const trace: string[] = [];
      const unit = (name: string, lock: () => Promise<unknown>) =>
        s.uow.run(async () => {
          await lock();
          trace.push(`${name}:in`);
          await sleep(30);
          trace.push(`${name}:out`);
        });
      await Promise.all([unit('a', () => s.lists.lockList(list.id)), unit('b', () => s.lists.lockList(list.id))]);
      await Promise.all([unit('c', () => s.lists.lockOwner(owner)), unit('d', () => s.lists.lockOwner(owner))]);
      for (const names of [
        ['a', 'b'],
        ['c', 'd'],
      ]) {
        const order = trace.filter((t) => names.includes(t.split(':')[0]));
        expect(order[1]).toBe(order[0].replace(':in', ':out'));
      }
    });
  });
}
