import { accountViewer } from '../../../../common/auth/reach';
import { SchedulerRegistry } from '@nestjs/schedule';
import { webhooksFixture } from '../../testing/webhooks-fixture';
import { DeliveriesJanitor } from './deliveries-janitor';

const USER = '00000000-0000-4000-8000-0000000000aa';

describe('DeliveriesJanitor', () => {
  it('sweeps finished deliveries past their 30 days', async () => {
    const f = webhooksFixture();
    const janitor = new DeliveriesJanitor(f.deliveries, new SchedulerRegistry(), f.clock);
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const delivery = await f.service.sendTest(accountViewer(USER), webhook.id);
    await f.runDue();
    expect(await janitor.sweep()).toBe(0);
    f.clock.advance(30 * 24 * 3600_000 + 1);
    expect(await janitor.sweep()).toBe(1);
    expect(await f.deliveries.findOfWebhook(webhook.id, delivery.id)).toBeNull();
  });
});
