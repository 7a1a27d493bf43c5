import { Clock } from '../../../common/ports/clock';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { WarningLog } from '../../../common/ports/warning-log';
import type { AttemptOutcome, AttemptResult, ClaimedDelivery } from './delivery';
import { DeliveryRepository } from './delivery.repository';
import { nextAttemptAt, parseRetryAfter } from '../../../common/outbox/retry-schedule';
import { SecretCipher, SecretUnreadable } from './secret-cipher';
import { PayloadSigner, signedHeaders } from './signing';
import { failingTooLong } from './webhook';
import { WebhookRepository } from './webhook.repository';
import { WebhookSender } from './webhook-sender';

const MAX_ERROR_LENGTH = 500;

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

/** Makes the attempt of a claimed delivery and records what came of it. */
export class DeliveryAttempts {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly cipher: SecretCipher,
    private readonly signer: PayloadSigner,
    private readonly sender: WebhookSender,
    private readonly log: WarningLog,
    private readonly random: () => number = Math.random,
  ) {}

  async attempt(claim: ClaimedDelivery): Promise<AttemptOutcome> {
    const { delivery, webhook } = claim;
    let result: AttemptResult;
    try {
      const secrets = webhook.sealedSecrets.map((sealed) => this.cipher.open(sealed, webhook.id));
      const headers = signedHeaders(this.signer, secrets, delivery.eventId, this.clock.now(), delivery.payload);
      result = await this.sender.send({
        url: webhook.url,
        headers: { 'content-type': 'application/json', ...headers },
        body: delivery.payload,
      });
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      result = { kind: 'failed', error: error.message };
    }
    const now = this.clock.now();
    const attempts = delivery.attempts + 1;
    const succeeded = result.kind === 'answered' && result.statusCode >= 200 && result.statusCode < 300;
    // The failure streak as it stood when the delivery was claimed: close enough for a five-day rule.
    const outcome = outcomeOf(result, attempts, succeeded ? null : (webhook.firstFailureAt ?? now), now, this.random());
    return this.uow.run(async () => {
      // The webhook row before the delivery rows (WebhookRepository.lock): a result that disables
      // the webhook fails its other pending deliveries, whose own results may be being written.
      await this.webhooks.lock(webhook.id);
      const kept = await this.deliveries.finishAttempt(delivery.id, claim.lockedUntil, {
        status: outcome.kind === 'retry' ? 'pending' : outcome.kind,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.kind === 'succeeded' ? null : truncate(outcome.error),
        nextAttemptAt: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
        now,
      });
      if (!kept) {
        // Another instance took the delivery over after this one's lease ran out; its result stands.
        this.log.warn({ delivery_id: delivery.id }, 'webhook delivery lease lost before its result was written');
        return outcome;
      }
      if (succeeded) await this.webhooks.recordSuccess(webhook.id);
      else await this.webhooks.recordFailure(webhook.id, now);
      if (outcome.kind === 'failed' && outcome.disableWebhook) {
        await this.webhooks.disable(webhook.id, outcome.disableWebhook);
        await this.deliveries.failPendingOfWebhook(webhook.id, `webhook disabled: ${outcome.disableWebhook}`, now);
      }
      return outcome;
    });
  }
}

const truncate = (text: string | null): string | null =>
  text === null || text.length <= MAX_ERROR_LENGTH ? text : `${text.slice(0, MAX_ERROR_LENGTH - 1)}…`;
