import type { INestApplication } from '@nestjs/common';
import { Clock } from '../../src/common/ports/clock';
import { UnitOfWork } from '../../src/common/ports/unit-of-work';
import type { AttemptOutcome, AttemptResult, ClaimedDelivery } from '../../src/modules/webhooks/domain/delivery';
import { DeliveryAttempts } from '../../src/modules/webhooks/domain/delivery-attempts';
import { DeliveryAttemptLog } from '../../src/modules/webhooks/domain/delivery-attempt-log';
import { DeliveryRepository } from '../../src/modules/webhooks/domain/delivery.repository';
import { DeliveryRequests } from '../../src/modules/webhooks/domain/delivery-requests';
import { WebhookRepository } from '../../src/modules/webhooks/domain/webhook.repository';
import { WebhookSender } from '../../src/modules/webhooks/domain/webhook-sender';

export interface HeldAttempt {
  /** Resolves once the attempt's transaction has written the delivery row and is about to write the webhook's failure streak. */
  reached: Promise<void>;
  /** Lets the held transaction go on. */
  release(): void;
  /** What the attempt came to, once its transaction has ended. */
  done: Promise<AttemptOutcome>;
}

/**
 * The worker's own DeliveryAttempts, over the app's repositories and transactions, for one
 * claimed delivery whose receiver answers `result`. With `hold`, the transaction stops just
 * before it writes the webhook's failure streak, holding whatever rows it has locked by then,
 * so that a spec can run another transaction against them in a set order, without a sleep.
 */
export function attemptDelivery(app: INestApplication, claim: ClaimedDelivery, result: AttemptResult, hold = false): HeldAttempt {
  const real = app.get(WebhookRepository);
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release!: () => void;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const paused = async (): Promise<void> => {
    reach();
    await released;
  };
  const webhooks: WebhookRepository = Object.create(real, {
    recordSuccess: { value: async (id: string) => (await paused(), real.recordSuccess(id)) },
    recordFailure: { value: async (id: string, now: Date) => (await paused(), real.recordFailure(id, now)) },
  });
  const sender: WebhookSender = { send: async () => result };
  const attempts = new DeliveryAttempts(
    webhooks,
    app.get(DeliveryRepository),
    app.get(DeliveryRequests),
    sender,
    app.get(DeliveryAttemptLog),
    {
      uow: app.get(UnitOfWork),
      clock: app.get(Clock),
      log: { warn: () => undefined },
      random: Math.random,
    },
  );
  return { reached, release: () => release?.(), done: attempts.attempt(claim) };
}
