import { shownOnce } from '../../../common/http/shown-once';
import type { DeliveryProps } from '../domain/delivery';
import type { WebhookProps } from '../domain/webhook';
import type { WebhookView } from '../domain/webhooks.service';

/**
 * A webhook in snake_case. `secret` is null except in the response that made it (creation,
 * rotation): shownOnce keeps it out of a stored Idempotency-Key response, so a replay shows null.
 */
export function presentWebhook(webhook: WebhookProps, secret: string | null = null) {
  const shown = {
    id: webhook.id,
    url: webhook.url,
    types: webhook.types,
    list_id: webhook.listId,
    status: webhook.status,
    disabled_reason: webhook.disabledReason,
    created_at: webhook.createdAt.toISOString(),
  };
  return secret === null ? shown : shownOnce({ ...shown, secret: null as string | null }, { secret });
}

export const presentView = (view: WebhookView) => presentWebhook(view.webhook, view.secret);

export function presentDelivery(delivery: DeliveryProps) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
  };
}
