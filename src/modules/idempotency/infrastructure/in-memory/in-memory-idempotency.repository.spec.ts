import { randomUUID } from 'node:crypto';
import { InMemoryUnitOfWork } from '../../../../common/testing/in-memory-unit-of-work';
import { describeIdempotencyRepositoryContract } from '../../testing/idempotency-repository.contract';
import { InMemoryIdempotencyRepository } from './in-memory-idempotency.repository';

describeIdempotencyRepositoryContract('in-memory', async () => ({
  records: new InMemoryIdempotencyRepository(),
  uow: new InMemoryUnitOfWork(),
  newUser: async () => randomUUID(),
}));
