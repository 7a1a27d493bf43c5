import { inMemoryStorage } from '../../testing/in-memory-storage';
import { describeInvitationRepositoryContract } from '../../testing/invitation-repository.contract';
import { describeListRepositoryContract } from '../../testing/list-repository.contract';
import { describeShareRepositoryContract } from '../../testing/share-repository.contract';

describeListRepositoryContract('in memory', inMemoryStorage);
describeInvitationRepositoryContract('in memory', inMemoryStorage);
describeShareRepositoryContract('in memory', inMemoryStorage);
