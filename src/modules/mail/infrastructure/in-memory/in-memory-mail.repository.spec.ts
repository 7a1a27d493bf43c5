import { describeMailRepositoryContract } from '../../testing/mail-repository.contract';
import { InMemoryMailRepository } from './in-memory-mail.repository';

describeMailRepositoryContract('in memory', async () => new InMemoryMailRepository());
