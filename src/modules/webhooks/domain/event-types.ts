/**
 * The event types a webhook may subscribe to (`types`) are the change feed's: one list, kept by
 * the events module (API.md section 8).
 */
export { EVENT_TYPES, isEventType, type EventType } from '../../events/domain/event';

/** Sent only by POST /v1/webhooks/:id/test; never a subscription type, always delivered to that one webhook. */
export const TEST_EVENT_TYPE = 'webhook.test';
