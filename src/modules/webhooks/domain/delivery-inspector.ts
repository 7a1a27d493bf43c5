import type { Viewer } from '../../../common/auth/principal';
import { isUuid } from '../../../common/ports/id-generator';
import type { DeliveryProps } from './delivery';
import type { DeliveryAttemptLog, InspectedAttempt } from './delivery-attempt-log';
import type { DeliveryRepository } from './delivery.repository';
import { ownedWebhook } from './owned-webhook';
import type { WebhookRepository } from './webhook.repository';
import { DeliveryNotFound } from './webhooks.errors';

/** The developer page's delivery inspector: what each attempt of a delivery sent and got back. */
export class DeliveryInspector {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly attemptLog: DeliveryAttemptLog,
  ) {}

  /** A delivery of the viewer's webhook with its attempts, oldest first; a 404 for any other (another account's, mode's, an unknown id). */
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
