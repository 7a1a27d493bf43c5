import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../src/common/ports/unit-of-work';
import { UserRepository } from '../src/modules/auth/domain/user.repository';
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
        createdAt: new Date(),
      });
      return id;
    },
  };
}

describeListRepositoryContract('TypeORM', typeOrmStorage);
describeInvitationRepositoryContract('TypeORM', typeOrmStorage);
describeShareRepositoryContract('TypeORM', typeOrmStorage);
