import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LeasedQueueWorker, WorkerOptions } from '../../../../common/outbox/leased-queue-worker';
import { currentMode, runInMode } from '../../../../common/persistence/work-context';
import { type KeyMode, MODES } from '../../../../common/auth/principal';
import { Clock } from '../../../../common/ports/clock';
import type { ClaimedDelivery } from '../../domain/delivery';
import { DeliveryAttempts } from '../../domain/delivery-attempts';
import { DeliveryRepository } from '../../domain/delivery.repository';
import { EventRelay } from '../../domain/event-relay';
import { DeliveryNudge } from '../../domain/delivery-nudge';

/** Events the relay reads per statement. */
const RELAY_BATCH = 500;

/**
 * Sends due webhook deliveries in the background on the shared LeasedQueueWorker: every
 * instance runs one, and DeliveryRepository.claimDue leases rows with FOR UPDATE SKIP LOCKED,
 * so none sends a delivery another holds. Each round first fans the events recorded since
 * the last one out into deliveries (EventRelay). Started when the application has booted,
 * stopped before the database pool closes.
 *
 * Each mode has its own events and deliveries (test mode's schema), so each has its own
 * worker, whose every step runs in that mode (runInMode): a worker never takes its mode from
 * whatever context happened to arm its timer.
 */
@Injectable()
export class DeliveryWorker extends DeliveryNudge implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly workers = new Map<KeyMode, LeasedQueueWorker<ClaimedDelivery>>();

  constructor(
    deliveries: DeliveryRepository,
    attempts: DeliveryAttempts,
    private readonly clock: Clock,
    options: WorkerOptions,
    /** Turns newly recorded events into deliveries at the start of each round; none in specs about sending alone. */
    private readonly relay?: EventRelay,
    /** The modes whose deliveries it sends: both, but for in-memory stores, which hold one mode's. */
    modes: readonly KeyMode[] = MODES,
  ) {
    super();
    const logger = new Logger('Webhooks');
    for (const mode of modes) {
      const inMode =
        <A extends unknown[], R>(step: (...args: A) => Promise<R>) =>
        (...args: A): Promise<R> =>
          runInMode(mode, () => step(...args));
      const worker = new LeasedQueueWorker<ClaimedDelivery>(
        {
          claimDue: inMode((now: Date, leaseUntil: Date, limit: number) => deliveries.claimDue(now, leaseUntil, limit)),
          attempt: inMode((claim: ClaimedDelivery) => attempts.attempt(claim)),
          prepare: inMode((stopped: () => boolean) => this.relayAll(stopped)),
          describe: (claim) => ({ delivery_id: claim.delivery.id, mode }),
        },
        clock,
        options,
        logger,
        {
          attemptNotRecorded: 'webhook attempt could not be recorded',
          claimsFailing: `webhook events could not be relayed or deliveries claimed (${mode} mode); retrying with back-off`,
        },
      );
      this.workers.set(mode, worker);
    }
  }

  onApplicationBootstrap(): void {
    for (const worker of this.workers.values()) worker.start();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
  }

  /** A delivery of the mode in progress is due now. */
  nudge(): void {
    this.workers.get(currentMode())?.nudge();
  }

  private async relayAll(stopped: () => boolean): Promise<void> {
    while (this.relay && !stopped()) {
      const step = await this.relay.relay(this.clock.now(), RELAY_BATCH);
      if (step.events < RELAY_BATCH) break;
    }
  }
}
