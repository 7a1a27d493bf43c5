import type { Viewer, ViewerInMode } from '../../../common/auth/principal';
import { keysetPage } from '../../../common/paging/cursor';
import { CursorCodec } from '../../../common/ports/cursor-codec';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator, isUuid } from '../../../common/ports/id-generator';
import { UserDirectory } from '../../auth/domain/user-directory';
import { EventWriter } from '../../events/domain/event-writer';
import { type DeliveryProps, newDelivery } from './delivery';
import { DeliveryAttemptLog, type InspectedAttempt } from './delivery-attempt-log';
import { DeliveryNudge } from './delivery-nudge';
import { DeliveryRepository } from './delivery.repository';
import { TEST_EVENT_TYPE } from './event-types';
import { ownedWebhook } from './owned-webhook';
import { WebhookRepository } from './webhook.repository';
import { DeliveryNotFound, WebhookDisabled } from './webhooks.errors';

/** What is sent to an account's webhooks, as their owner drives it: test events, retries, the deliveries' pages (API.md section 8). */
export class WebhookDeliveriesService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly nudge: DeliveryNudge,
    private readonly users: UserDirectory,
    private readonly events: EventWriter,
    private readonly attemptLog: DeliveryAttemptLog,
  ) {}

  /** A `webhook.test` event of the viewer's mode for this webhook alone, queued now and the worker woken. */
  async sendTest(viewer: ViewerInMode, webhookId: string): Promise<DeliveryProps> {
    const webhook = await ownedWebhook(this.webhooks, viewer, webhookId);
    if (webhook.status !== 'active') throw new WebhookDisabled();
    const now = this.clock.now();
    const caller = await this.users.findById(viewer.userId);
    const event = this.events.write(
      {
        type: TEST_EVENT_TYPE,
        actor: caller,
        data: { webhook: { id: webhook.id, url: webhook.url } },
        createdAt: now,
      },
      viewer.mode,
    );
    const delivery = newDelivery({
      id: this.ids.next(),
      webhookId: webhook.id,
      eventId: event.id,
      eventType: TEST_EVENT_TYPE,
      payload: event.json,
      now,
    });
    await this.deliveries.insertMany([delivery]);
    this.nudge.nudge();
    return delivery;
  }

  async deliveriesPage(
    viewer: Viewer,
    webhookId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ deliveries: DeliveryProps[]; nextCursor: string | null }> {
    const { rows, nextCursor } = await keysetPage(
      this.cursors,
      'webhook-deliveries',
      cursor,
      limit,
      async (after, n) => this.deliveries.pageOfWebhook((await ownedWebhook(this.webhooks, viewer, webhookId)).id, n, after),
      (delivery) => delivery,
    );
    return { deliveries: rows, nextCursor };
  }

  /** The delivery is due again now, whatever became of it; the worker is woken. */
  async retry(viewer: Viewer, webhookId: string, deliveryId: string): Promise<DeliveryProps> {
    const webhook = await ownedWebhook(this.webhooks, viewer, webhookId);
    if (!isUuid(deliveryId)) throw new DeliveryNotFound();
    if (webhook.status !== 'active') throw new WebhookDisabled();
    const existing = await this.deliveries.findOfWebhook(webhook.id, deliveryId.toLowerCase());
    if (!existing) throw new DeliveryNotFound();
    const delivery = await this.deliveries.rescheduleNow(existing.id, this.clock.now());
    if (!delivery) throw new DeliveryNotFound();
    this.nudge.nudge();
    return delivery;
  }

  /** The delivery inspector: a delivery of the viewer's webhook with each of its attempts, oldest first; a 404 for any other. */
  async attemptsOf(
    viewer: Viewer,
    webhookId: string,
    deliveryId: string,
  ): Promise<{ delivery: DeliveryProps; attempts: InspectedAttempt[] }> {
    const webhook = await ownedWebhook(this.webhooks, viewer, webhookId);
    if (!isUuid(deliveryId)) throw new DeliveryNotFound();
    const delivery = await this.deliveries.findOfWebhook(webhook.id, deliveryId.toLowerCase());
    if (!delivery) throw new DeliveryNotFound();
    return { delivery, attempts: await this.attemptLog.ofDelivery(delivery.id) };
  }
}
