import type { DeliveryProps } from '../../domain/delivery';
import type { WebhookProps } from '../../domain/webhook';

/** The tables both in-memory repositories share (deliveries go with their webhook, as the foreign key does). */
export class InMemoryWebhooksStore {
  readonly webhooks = new Map<string, WebhookProps>();
  readonly deliveries = new Map<string, DeliveryProps & { lockedUntil: Date | null }>();
}
