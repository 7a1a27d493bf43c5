import { describeMailQueueContract } from '../../testing/mail-queue.contract';
import { InMemoryMailQueue } from './in-memory-mail-queue';

describeMailQueueContract('in memory', async () => {
  const queue = new InMemoryMailQueue();
  return {
    queue,
    queued: async () => queue.queued(),
    stored: async () => JSON.stringify([...queue.store.rows.values()]),
  };
});
