import { boundedError, LeasedAttempts, type OutboxRuntime } from '../../../common/outbox/leased-attempts';
import { nextAttemptAt, parseRetryAfter } from '../../../common/outbox/retry-schedule';
import type { Clock } from '../../../common/ports/clock';
import type { AttemptOutcome, AttemptResult, ClaimedDelivery } from './delivery';
import { DeliveryAttemptLog, inspectedHeaders } from './delivery-attempt-log';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryRequests } from './delivery-requests';
import { SecretUnreadable } from './secret-cipher';
import { failingTooLong } from './webhook';
import { WebhookRepository } from './webhook.repository';
import { WebhookSender } from './webhook-sender';

/**
 * What an attempt's result means for the delivery (API.md section 8): a 2xx succeeds; a 410
 * disables the webhook at once; anything else (another status, a 3xx since redirects are not
 * followed, a timeout, a network error) is retried on the schedule, honouring a longer
 * Retry-After on 429/503, until the attempts run out or five days of failures without a
 * success disable the webhook. `attempts` counts this one.
 */
export function outcomeOf(result: AttemptResult, attempts: number, firstFailureAt: Date | null, now: Date, random: number): AttemptOutcome {
  const statusCode = result.kind === 'answered' ? result.statusCode : null;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'succeeded', statusCode };
  const error =
    result.kind === 'failed'
      ? result.error
      : statusCode! >= 300 && statusCode! < 400
        ? `HTTP ${statusCode}: redirects are not followed`
        : `HTTP ${statusCode}`;
  if (statusCode === 410) {
    return { kind: 'failed', statusCode, error, disableWebhook: 'the endpoint answered 410 Gone' };
  }
  if (failingTooLong(firstFailureAt, now)) {
    return { kind: 'failed', statusCode, error, disableWebhook: 'five days of failed deliveries without a success' };
  }
  const retryAfterMs =
    result.kind === 'answered' && (statusCode === 429 || statusCode === 503) ? parseRetryAfter(result.retryAfter, now) : null;
  const next = nextAttemptAt(attempts, now, random, retryAfterMs);
  if (next === null) return { kind: 'failed', statusCode, error, disableWebhook: null };
  return { kind: 'retry', statusCode, error, nextAttemptAt: next };
}

/** An attempt's result with what the delivery inspector shows of it: when it started, how long it took, the headers sent. */
export interface SentAttempt {
  result: AttemptResult;
  startedAt: Date;
  durationMs: number;
  /** Null when no request could be made (a secret that does not open). */
  requestHeaders: Record<string, string> | null;
}

const elapsedMs = (clock: Clock, since: Date): number => Math.max(0, clock.now().getTime() - since.getTime());

/**
 * Makes the attempt of a claimed delivery and records what came of it (LeasedAttempts), and
 * what the delivery inspector shows of it (DeliveryAttemptLog), in the same unit of work.
 */
export class DeliveryAttempts extends LeasedAttempts<ClaimedDelivery, SentAttempt, AttemptOutcome> {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly requests: DeliveryRequests,
    private readonly sender: WebhookSender,
    private readonly attemptLog: DeliveryAttemptLog,
    runtime: OutboxRuntime,
  ) {
    super(runtime, 'webhook delivery lease lost before its result was written');
  }

  protected async send(claim: ClaimedDelivery): Promise<SentAttempt> {
    const { clock } = this.runtime;
    const startedAt = clock.now();
    let request;
    try {
      request = this.requests.of(claim);
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      return { result: { kind: 'failed', error: error.message }, startedAt, durationMs: 0, requestHeaders: null };
    }
    const result = await this.sender.send(request);
    return { result, startedAt, durationMs: elapsedMs(clock, startedAt), requestHeaders: inspectedHeaders(request.headers) };
  }

  protected outcome({ delivery, webhook }: ClaimedDelivery, { result }: SentAttempt, now: Date, random: number): AttemptOutcome {
    const succeeded = result.kind === 'answered' && result.statusCode >= 200 && result.statusCode < 300;
    // The failure streak as it stood when the delivery was claimed: close enough for a five-day rule.
    return outcomeOf(result, delivery.attempts + 1, succeeded ? null : (webhook.firstFailureAt ?? now), now, random);
  }

  protected async record(
    { delivery, webhook, lockedUntil }: ClaimedDelivery,
    outcome: AttemptOutcome,
    now: Date,
    sent: SentAttempt,
  ): Promise<boolean> {
    // The webhook row before the delivery rows (WebhookRepository.lock): a result that disables
    // the webhook fails its other pending deliveries, whose own results may be being written.
    await this.webhooks.lock(webhook.id);
    const kept = await this.deliveries.finishAttempt(delivery.id, lockedUntil, {
      status: outcome.kind === 'retry' ? 'pending' : outcome.kind,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.kind === 'succeeded' || outcome.error === null ? null : boundedError(outcome.error),
      nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
      now,
    });
    if (!kept) return false;
    const { result } = sent;
    await this.attemptLog.record({
      deliveryId: delivery.id,
      attempt: delivery.attempts + 1,
      startedAt: sent.startedAt,
      durationMs: sent.durationMs,
      requestHeaders: sent.requestHeaders,
      statusCode: result.kind === 'answered' ? result.statusCode : null,
      response: result.kind === 'answered' ? (result.response ?? null) : null,
      error: outcome.kind === 'succeeded' || outcome.error === null ? null : boundedError(outcome.error),
    });
    if (outcome.kind === 'succeeded') await this.webhooks.recordSuccess(webhook.id);
    else await this.webhooks.recordFailure(webhook.id, now);
    if (outcome.kind === 'failed' && outcome.disableWebhook) {
      await this.webhooks.disable(webhook.id, outcome.disableWebhook);
      await this.deliveries.failPendingOfWebhook(webhook.id, `webhook disabled: ${outcome.disableWebhook}`, now);
    }
    return true;
  }

  protected describe({ delivery }: ClaimedDelivery): Record<string, string> {
    return { delivery_id: delivery.id };
  }
}
