import { isoTime } from '../../../common/http/iso-time';
import type { InspectedAttempt } from '../../webhooks/domain/delivery-attempt-log';

/** A delivery's attempt as the developer page's delivery inspector shows it. */
export const presentDeliveryAttempt = (attempt: InspectedAttempt) => ({
  attempt: attempt.attempt,
  started_at: isoTime(attempt.startedAt),
  duration_ms: attempt.durationMs,
  request: attempt.requestHeaders === null ? null : { method: 'POST', headers: attempt.requestHeaders },
  status: attempt.statusCode,
  response:
    attempt.response === null
      ? null
      : { headers: attempt.response.headers, body: attempt.response.body, body_truncated: attempt.response.bodyTruncated },
  error: attempt.error,
});
