import { InMemoryUserRepository } from '../../../auth/infrastructure/in-memory/in-memory-user.repository';
import { describeApiKeyRepositoryContract } from '../../testing/api-key-repository.contract';
import { InMemoryApiKeyRepository } from './in-memory-api-key.repository';

describeApiKeyRepositoryContract('in memory', async () => ({
  keys: new InMemoryApiKeyRepository(),
  users: new InMemoryUserRepository(),
}));
