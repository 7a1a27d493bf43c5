import { SequentialIdGenerator } from '../../../../common/testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../../../../common/testing/in-memory-unit-of-work';
import { describeItemRepositoryContract } from '../../testing/item-repository.contract';
import { InMemoryItemRepository } from './in-memory-item.repository';

describeItemRepositoryContract('in-memory', async () => {
  const items = new InMemoryItemRepository();
  const ids = new SequentialIdGenerator();
  return {
    items,
    uow: new InMemoryUnitOfWork(),
    newList: async () => {
      const id = ids.next();
      items.addList(id);
      return id;
    },
    deleteList: async (id) => items.deleteList(id),
    counters: async (id) => items.counters(id) ?? { itemCount: 0, openItemCount: 0, updatedAt: null },
  };
});
