import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LeasedQueueWorker, WorkerOptions } from '../../../../common/outbox/leased-queue-worker';
import { Clock } from '../../../../common/ports/clock';
import type { ClaimedDelivery } from '../../domain/delivery';
import { DeliveryAttempts } from '../../domain/delivery-attempts';
import { DeliveryRepository } from '../../domain/delivery.repository';
import { EventRelay } from '../../domain/event-relay';
import { DeliveryNudge } from '../../domain/webhooks.service';

/** Events the relay reads per statement. */
const RELAY_BATCH = 500;

/**
 * Sends due webhook deliveries in the background on the shared LeasedQueueWorker: every
 * instance runs one, and DeliveryRepository.claimDue leases rows with FOR UPDATE SKIP LOCKED,
 * so none sends a delivery another holds. Each round first fans the events recorded since
 * the last one out into deliveries (EventRelay). Started when the application has booted,
 * stopped before the database pool closes.
 */
@Injectable()
export class DeliveryWorker extends DeliveryNudge implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly worker: LeasedQueueWorker<ClaimedDelivery>;

  constructor(
    deliveries: DeliveryRepository,
    attempts: DeliveryAttempts,
    private readonly clock: Clock,
    options: WorkerOptions,
    /** Turns newly recorded events into deliveries at the start of each round; none in specs about sending alone. */
    private readonly relay?: EventRelay,
  ) {
    super();
    this.worker = new LeasedQueueWorker<ClaimedDelivery>(
      {
        claimDue: (now, leaseUntil, limit) => deliveries.claimDue(now, leaseUntil, limit),
        attempt: (claim) => attempts.attempt(claim),
        prepare: (stopped) => this.relayAll(stopped),
        describe: (claim) => ({ delivery_id: claim.delivery.id }),
      },
      clock,
      options,
      new Logger('Webhooks'),
      {
        attemptNotRecorded: 'webhook attempt could not be recorded',
        claimsFailing: 'webhook events could not be relayed or deliveries claimed; retrying with back-off',
      },
    );
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.worker.stop();
  }

  nudge(): void {
    this.worker.nudge();
  }

  private async relayAll(stopped: () => boolean): Promise<void> {
    while (this.relay && !stopped()) {
      const step = await this.relay.relay(this.clock.now(), RELAY_BATCH);
      if (step.events < RELAY_BATCH) break;
    }
  }
}
