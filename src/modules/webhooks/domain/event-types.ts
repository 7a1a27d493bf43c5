/** Event types of API.md section 8 that a webhook may subscribe to (`types`). */
export const EVENT_TYPES = [
  'list.created',
  'list.renamed',
  'list.deleted',
  'item.added',
  'item.completed',
  'item.reopened',
  'item.removed',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.accepted',
  'invitation.declined',
  'invitation.revoked',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Sent only by POST /v1/webhooks/:id/test; never a subscription type, always delivered to that one webhook. */
export const TEST_EVENT_TYPE = 'webhook.test';

const KNOWN = new Set<string>(EVENT_TYPES);
export const isEventType = (value: unknown): value is EventType => typeof value === 'string' && KNOWN.has(value);
