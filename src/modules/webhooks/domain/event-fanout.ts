import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { type DeliveryProps, newDelivery } from './delivery';
import { DeliveryRepository } from './delivery.repository';
import { wants } from './webhook';
import { WebhookRepository } from './webhook.repository';
import { DeliveryNudge } from './webhooks.service';

/**
 * An event as the fan-out needs it: `payload` is the Event object of API.md section 8
 * (`{id, type, created_at, list, actor, data}`), serialised once here and sent as it is.
 */
export interface FanOutEvent {
  id: string;
  type: string;
  /** The list the event is about; null for none. */
  listId: string | null;
  payload: object;
}

/**
 * The one place where events become deliveries: for an event and the accounts that could
 * see it at the time (API.md section 8), one pending delivery per active webhook of those
 * accounts whose `types` and `list_id` filters match. Called in order of the events, inside
 * the caller's unit of work, so an event and its deliveries commit together; then the
 * worker is nudged. Idempotent: a (webhook, event) pair gets one delivery however often
 * the event is fanned out, so a relay that crashed after fanning out may simply do it again.
 */
export class EventFanOut {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly nudge: DeliveryNudge,
  ) {}

  /** Returns the deliveries it asked to store (a pair already stored is skipped by the repository). */
  async enqueueForEvent(event: FanOutEvent, audienceUserIds: readonly string[]): Promise<DeliveryProps[]> {
    if (audienceUserIds.length === 0) return [];
    const matching = (await this.webhooks.activeOfUsers([...new Set(audienceUserIds)])).filter((webhook) =>
      wants(webhook, event.type, event.listId),
    );
    if (matching.length === 0) return [];
    const now = this.clock.now();
    const body = JSON.stringify(event.payload);
    const created = matching.map((webhook) =>
      newDelivery({ id: this.ids.next(), webhookId: webhook.id, eventId: event.id, eventType: event.type, payload: body, now }),
    );
    await this.deliveries.insertMany(created);
    this.nudge.nudge();
    return created;
  }
}
