import type { KeyMode } from '../../../common/auth/principal';
import { FakeClock } from '../../../common/testing/fake-clock';
import { aDelivery, aWebhook, inMemoryWebhooksStorage } from '../testing/webhooks-storage';
import { EventRelay, RelayStep } from './event-relay';
import { type InMode, WebhookBacklog } from './webhook-backlog';

/** The mode whose data is being read: set by inMode for the work it runs, as the persistence layer's would be. */
let current: KeyMode | undefined;
const inMode: InMode = async (mode, work) => {
  current = mode;
  try {
    return await work();
  } finally {
    current = undefined;
  }
};

class FixedRelay extends EventRelay {
  modes: string[] = [];
  constructor(private readonly waitingSince: Date | null) {
    super();
  }
  async relay(): Promise<RelayStep> {
    return { events: 0, deliveries: 0 };
  }
  async nextWaitingSince(): Promise<Date | null> {
    this.modes.push(current ?? 'none');
    return this.waitingSince;
  }
}

describe('WebhookBacklog', () => {
  it('counts pending and failed deliveries, and ages the earliest due one and the next event to relay, in the mode asked', async () => {
    const storage = inMemoryWebhooksStorage();
    const user = await storage.newUser();
    const webhook = aWebhook(user);
    await storage.webhooks.insert(webhook);
    const clock = new FakeClock('2026-11-02T00:00:00.000Z');
    const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);
    await storage.deliveries.insertMany([
      aDelivery(webhook.id, { nextAttemptAt: at(-90) }),
      aDelivery(webhook.id, { nextAttemptAt: at(30) }),
      aDelivery(webhook.id, { status: 'failed', nextAttemptAt: null }),
      aDelivery(webhook.id, { status: 'succeeded', nextAttemptAt: null }),
    ]);
    const relay = new FixedRelay(at(-2.5));
    const backlog = new WebhookBacklog(storage.deliveries, relay, clock, inMode);
    expect(await backlog.read('test')).toEqual({ pending: 2, failed: 1, oldestDueAgeSeconds: 90, relayLagSeconds: 2.5 });
    expect(relay.modes).toEqual(['test']);
  });

  it('reads 0 for ages when nothing is due yet and no event waits', async () => {
    const storage = inMemoryWebhooksStorage();
    const webhook = aWebhook(await storage.newUser());
    await storage.webhooks.insert(webhook);
    const clock = new FakeClock('2026-11-02T00:00:00.000Z');
    await storage.deliveries.insertMany([aDelivery(webhook.id, { nextAttemptAt: new Date(clock.now().getTime() + 60_000) })]);
    const backlog = new WebhookBacklog(storage.deliveries, new FixedRelay(null), clock, inMode);
    expect(await backlog.read('live')).toEqual({ pending: 1, failed: 0, oldestDueAgeSeconds: 0, relayLagSeconds: 0 });
  });
});
