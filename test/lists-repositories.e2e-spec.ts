import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../src/common/ports/unit-of-work';
import { UserRepository } from '../src/modules/auth/domain/user.repository';
import { List } from '../src/modules/lists/domain/list';
import { Membership } from '../src/modules/lists/domain/membership';
import { TypeOrmInvitationRepository } from '../src/modules/lists/infrastructure/typeorm/typeorm-invitation.repository';
import { TypeOrmListRepository } from '../src/modules/lists/infrastructure/typeorm/typeorm-list.repository';
import { TypeOrmShareRepository } from '../src/modules/lists/infrastructure/typeorm/typeorm-share.repository';
import { describeInvitationRepositoryContract } from '../src/modules/lists/testing/invitation-repository.contract';
import { describeListRepositoryContract } from '../src/modules/lists/testing/list-repository.contract';
import { ListsStorage } from '../src/modules/lists/testing/lists-storage';
import { describeShareRepositoryContract } from '../src/modules/lists/testing/share-repository.contract';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The TypeORM adapters on the e2e database; users are inserted directly (no password hashing needed). */
async function typeOrmStorage(): Promise<ListsStorage> {
  const dataSource = t.app.get(DataSource);
  const users = t.app.get(UserRepository, { strict: false });
  return {
    lists: new TypeOrmListRepository(dataSource),
    invitations: new TypeOrmInvitationRepository(dataSource),
    shares: new TypeOrmShareRepository(dataSource),
    uow: t.app.get(UnitOfWork),
    newUser: async () => {
      const suffix = randomBytes(6).toString('hex');
      const id = randomUUID();
      await users.insert({
        id,
        email: `c_${suffix}@example.test`,
        username: `c_${suffix}`,
        name: 'Contract',
        passwordHash: 'x',
        emailVerified: true,
        createdAt: new Date(),
      });
      return id;
    },
  };
}

describeListRepositoryContract('TypeORM', typeOrmStorage);
describeInvitationRepositoryContract('TypeORM', typeOrmStorage);
describeShareRepositoryContract('TypeORM', typeOrmStorage);

describe("the audience kept on a list's row for the events outbox (migration 1763801000000-event-batches.ts)", () => {
  const audienceOf = async (listId: string): Promise<string[] | null> =>
    (await t.app.get(DataSource).query('SELECT audience FROM lists WHERE id = $1', [listId]))[0].audience;

  it('is the owner at creation, then follows each member who joins or leaves, in the same statement', async () => {
    const s = await typeOrmStorage();
    const [owner, first, second] = [await s.newUser(), await s.newUser(), await s.newUser()];
    const list = List.create({ id: randomUUID(), ownerId: owner, name: `kept ${randomUUID()}`, now: new Date() });
    await s.lists.insert(list);
    expect(await audienceOf(list.id)).toEqual([owner]);
    for (const userId of [first, second]) {
      await s.lists.insertMember(Membership.join({ listId: list.id, userId, role: 'editor', joinedAt: new Date() }));
    }
    expect(await audienceOf(list.id)).toEqual([owner, first, second]);
    // A failed join (already a member) changes nothing.
    await expect(
      s.lists.insertMember(Membership.join({ listId: list.id, userId: first, role: 'viewer', joinedAt: new Date() })),
    ).rejects.toThrow();
    expect(await s.lists.deleteMember(list.id, first)).toBe(true);
    expect(await s.lists.deleteMember(list.id, first)).toBe(false);
    expect(await audienceOf(list.id)).toEqual([owner, second]);
  });

  it('stays unkept (NULL) on a list written without it, which membership changes leave alone', async () => {
    const s = await typeOrmStorage();
    const [owner, member] = [await s.newUser(), await s.newUser()];
    const list = List.create({ id: randomUUID(), ownerId: owner, name: `unkept ${randomUUID()}`, now: new Date() });
    await s.lists.insert(list);
    // As an instance from before the column would have written it.
    await t.app.get(DataSource).query('UPDATE lists SET audience = NULL WHERE id = $1', [list.id]);
    await s.lists.insertMember(Membership.join({ listId: list.id, userId: member, role: 'editor', joinedAt: new Date() }));
    expect(await audienceOf(list.id)).toBeNull();
    expect(await s.lists.deleteMember(list.id, member)).toBe(true);
    expect(await audienceOf(list.id)).toBeNull();
  });
});
