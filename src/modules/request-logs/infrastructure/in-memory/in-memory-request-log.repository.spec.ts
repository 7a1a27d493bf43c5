import { describeRequestLogRepositoryContract } from '../../testing/request-log-repository.contract';
import { InMemoryRequestLogRepository } from './in-memory-request-log.repository';

describeRequestLogRepositoryContract('in memory', async () => new InMemoryRequestLogRepository());
