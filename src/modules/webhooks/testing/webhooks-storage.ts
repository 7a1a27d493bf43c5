import { randomUUID } from 'node:crypto';
import type { DeliveryProps } from '../domain/delivery';
import { newDelivery } from '../domain/delivery';
import type { DeliveryRepository } from '../domain/delivery.repository';
import type { WebhookProps } from '../domain/webhook';
import type { WebhookRepository } from '../domain/webhook.repository';
import { InMemoryDeliveryRepository } from '../infrastructure/in-memory/in-memory-delivery.repository';
import { InMemoryWebhookRepository } from '../infrastructure/in-memory/in-memory-webhook.repository';
import { InMemoryWebhooksStore } from '../infrastructure/in-memory/in-memory-webhooks.store';

/** The two repositories over one storage, and a way to make accounts (rows in `users` on PostgreSQL). */
export interface WebhooksStorage {
  webhooks: WebhookRepository;
  deliveries: DeliveryRepository;
  newUser(): Promise<string>;
}

export function inMemoryWebhooksStorage(): WebhooksStorage {
  const store = new InMemoryWebhooksStore();
  return {
    webhooks: new InMemoryWebhookRepository(store),
    deliveries: new InMemoryDeliveryRepository(store),
    newUser: async () => randomUUID(),
  };
}

let tick = Date.parse('2026-11-01T00:00:00.000Z');
/** Distinct, increasing instants (milliseconds), as stored timestamps would be. */
export const nextInstant = (): Date => new Date((tick += 1000));

export function aWebhook(userId: string, overrides: Partial<WebhookProps> = {}): WebhookProps {
  const id = randomUUID();
  return {
    id,
    userId,
    url: `https://example.com/hooks/${id}`,
    types: null,
    listId: null,
    status: 'active',
    sealedSecret: `sealed-${id}`,
    sealedPreviousSecret: null,
    previousSecretExpiresAt: null,
    createdAt: nextInstant(),
    firstFailureAt: null,
    disabledReason: null,
    ...overrides,
  };
}

export function aDelivery(webhookId: string, overrides: Partial<DeliveryProps> = {}): DeliveryProps {
  return {
    ...newDelivery({
      id: randomUUID(),
      webhookId,
      eventId: `evt_${randomUUID().replace(/-/g, '')}`,
      eventType: 'webhook.test',
      payload: '{"id":"evt"}',
      now: nextInstant(),
    }),
    ...overrides,
  };
}
