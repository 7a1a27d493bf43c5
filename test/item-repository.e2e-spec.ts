import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { foldKey } from '../src/common/text/fold-key';
import { TypeOrmUnitOfWork } from '../src/common/persistence/typeorm-unit-of-work';
import { TypeOrmItemRepository } from '../src/modules/items/infrastructure/typeorm/typeorm-item.repository';
import { describeItemRepositoryContract } from '../src/modules/items/testing/item-repository.contract';
import { makeUserWithKey } from './factories/make-user';
import { startTestApp, TestApp } from './support/test-app';

// The same contract the in-memory store passes in the unit suite, against PostgreSQL.
let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await startTestApp();
  ownerId = (await makeUserWithKey(t.app)).user.id;
});
afterAll(() => t.close());

describeItemRepositoryContract('TypeORM', async () => {
  const dataSource = t.app.get(DataSource);
  return {
    items: new TypeOrmItemRepository(dataSource),
    uow: new TypeOrmUnitOfWork(dataSource),
    // The lists table is the lists module's; the contract only needs bare rows in it.
    newList: async (options = {}) => {
      const id = randomUUID();
      const name = options.name ?? `contract ${id}`;
      await dataSource.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
        id,
        options.ownerId ?? ownerId,
        name,
        foldKey(name),
        options.createdAt ?? new Date('2026-01-01T00:00:00.000Z'),
      ]);
      return id;
    },
    owner: ownerId,
    newUser: async () => (await makeUserWithKey(t.app)).user.id,
    addMember: async (listId, role, userId) => {
      const member = userId ?? (await makeUserWithKey(t.app)).user.id;
      await dataSource.query('INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES ($1, $2, $3, now())', [
        listId,
        member,
        role,
      ]);
      return member;
    },
    deleteList: async (id) => {
      await dataSource.query('DELETE FROM lists WHERE id = $1', [id]);
    },
    counters: async (id) => {
      const [row] = await dataSource.query('SELECT item_count, open_item_count, updated_at FROM lists WHERE id = $1', [id]);
      return { itemCount: row.item_count, openItemCount: row.open_item_count, updatedAt: row.updated_at };
    },
  };
});
