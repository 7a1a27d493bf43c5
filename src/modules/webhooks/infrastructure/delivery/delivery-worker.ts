import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../../../common/ports/clock';
import { DeliveryAttempts } from '../../domain/delivery-attempts';
import { DeliveryRepository } from '../../domain/delivery.repository';
import { EventRelay } from '../../domain/event-relay';
import { DeliveryNudge } from '../../domain/webhooks.service';

/** The longest pause between polls while claims keep failing. */
const MAX_BACKOFF_MS = 30_000;
/** Events the relay reads per statement. */
const RELAY_BATCH = 500;

export interface WorkerOptions {
  /** How often an idle worker looks for due deliveries. */
  pollIntervalMs: number;
  /** How long a claimed delivery stays this instance's; longer than a send's timeout. */
  leaseMs: number;
  /** Deliveries claimed (and sent concurrently) at once. */
  batchSize: number;
}

/**
 * Sends due webhook deliveries in the background, never on a request's path. Every instance
 * runs one; they share the queue through the database (DeliveryRepository.claimDue leases
 * rows with FOR UPDATE SKIP LOCKED), so none sends a delivery another holds, and a delivery
 * held by an instance that died is sent by another once the lease expires. Started when the
 * application has booted, stopped (waiting for the attempts in flight, each bounded by the
 * send timeout) before the database pool closes. Times come from the Clock port.
 */
@Injectable()
export class DeliveryWorker extends DeliveryNudge implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  private again = false;
  /** Rounds in a row whose claim failed (the database away): the polls back off, and log less. */
  private failures = 0;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly attempts: DeliveryAttempts,
    private readonly clock: Clock,
    private readonly options: WorkerOptions,
    /** Turns newly recorded events into deliveries at the start of each round; none in specs about sending alone. */
    private readonly relay?: EventRelay,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Something is due now: look at once rather than at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        const more = this.again;
        this.again = false;
        const backoff = Math.min(this.options.pollIntervalMs * 2 ** this.failures, MAX_BACKOFF_MS);
        this.schedule(more ? 0 : Math.max(this.options.pollIntervalMs, backoff));
      });
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Fans out the events recorded since the last round, then claims due deliveries and sends
   * them, batch after batch, until none is due.
   */
  private async round(): Promise<void> {
    try {
      while (this.relay && !this.stopped) {
        const step = await this.relay.relay(this.clock.now(), RELAY_BATCH);
        if (step.events < RELAY_BATCH) break;
      }
      for (;;) {
        if (this.stopped) return;
        const now = this.clock.now();
        const claimed = await this.deliveries.claimDue(now, new Date(now.getTime() + this.options.leaseMs), this.options.batchSize);
        this.failures = 0;
        if (claimed.length === 0) return;
        await Promise.all(
          claimed.map((claim) =>
            this.attempts.attempt(claim).catch((error: unknown) => {
              // The lease runs out and the delivery is tried again: nothing is lost.
              this.logger.warn(
                { delivery_id: claim.delivery.id, cause: (error as Error).message },
                'webhook attempt could not be recorded',
              );
            }),
          ),
        );
      }
    } catch (error) {
      this.failures = Math.min(this.failures + 1, 16);
      // Once per outage, not once per poll.
      if (this.failures === 1) {
        this.logger.warn(
          { cause: (error as Error).message },
          'webhook events could not be relayed or deliveries claimed; retrying with back-off',
        );
      }
    }
  }
}
