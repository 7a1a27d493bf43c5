import { randomUUID } from 'node:crypto';
import { describeKeyUsageRepositoryContract } from '../../testing/key-usage-repository.contract';
import { InMemoryKeyUsageRepository } from './in-memory-key-usage.repository';

describeKeyUsageRepositoryContract('in memory', async () => {
  const keys = new Set<string>();
  return {
    usage: new InMemoryKeyUsageRepository((keyId) => keys.has(keyId)),
    newKey: async () => {
      const id = randomUUID();
      keys.add(id);
      return id;
    },
    deleteKey: async (keyId) => void keys.delete(keyId),
  };
});
