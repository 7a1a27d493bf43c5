import type { AttemptResponse } from './delivery-attempt-log';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryProps {
  id: string;
  webhookId: string;
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  eventId: string;
  eventType: string;
  /** The exact body sent on every attempt (signatures cover these bytes). */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** When the next attempt is due; null once the delivery succeeded or failed for good. */
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A new delivery, due at once. */
export function newDelivery(input: {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
  now: Date;
}): DeliveryProps {
  const { now, ...fields } = input;
  return {
    ...fields,
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** What one attempt came to, as the sender saw it; `response`: what is kept of the answer for the delivery inspector. */
export type AttemptResult =
  { kind: 'answered'; statusCode: number; retryAfter: string | null; response?: AttemptResponse } | { kind: 'failed'; error: string };

/** A claimed delivery, leased to one instance until `lockedUntil`, with what it needs to send it. */
export interface ClaimedDelivery {
  delivery: DeliveryProps;
  /** The lease this instance holds; its writes land only while the row still carries it. */
  lockedUntil: Date;
  webhook: { id: string; url: string; sealedSecrets: string[]; firstFailureAt: Date | null };
}

/** How a claimed delivery ends up after an attempt. */
export type AttemptOutcome =
  | { kind: 'succeeded'; statusCode: number }
  | { kind: 'retry'; statusCode: number | null; error: string | null; nextAttemptAt: Date }
  | { kind: 'failed'; statusCode: number | null; error: string | null; disableWebhook: string | null };
