import { randomUUID } from 'node:crypto';
import { InMemoryUnitOfWork } from '../../../../common/testing/in-memory-unit-of-work';
import { describeEventLogContract } from '../../testing/event-log.contract';
import { InMemoryEventLog } from './in-memory-event-log';

describeEventLogContract('in-memory', async () => {
  const audience = new Map<string, Set<string>>();
  return {
    log: new InMemoryEventLog((listId) => [...(audience.get(listId) ?? [])]),
    uow: new InMemoryUnitOfWork(),
    newUser: async () => randomUUID(),
    newList: async (ownerId) => {
      const id = randomUUID();
      audience.set(id, new Set([ownerId]));
      return id;
    },
    join: async (listId, userId) => void audience.get(listId)!.add(userId),
    leave: async (listId, userId) => void audience.get(listId)!.delete(userId),
  };
});
