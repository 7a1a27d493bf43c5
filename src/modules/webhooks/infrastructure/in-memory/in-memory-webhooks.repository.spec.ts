import { describeWebhooksRepositoryContract } from '../../testing/webhooks-repository.contract';
import { inMemoryWebhooksStorage } from '../../testing/webhooks-storage';

describeWebhooksRepositoryContract('in memory', async () => inMemoryWebhooksStorage());
