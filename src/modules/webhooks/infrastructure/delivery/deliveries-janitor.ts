import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../../../../common/ports/clock';
import { ScheduledSweep } from '../../../../common/scheduling/scheduled-sweep';
import { DELIVERY_RETENTION_MS } from '../../domain/limits';
import { DeliveryRepository } from '../../domain/delivery.repository';

/** How often finished deliveries past their retention are deleted, and how many per statement. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
const SWEEP_BATCH = 1000;

/**
 * Deletes succeeded and failed webhook deliveries older than their retention, a batch at a
 * time (ScheduledSweep), so the deliveries table stays bounded. The time comes from the Clock port.
 */
@Injectable()
export class DeliveriesJanitor extends ScheduledSweep {
  constructor(deliveries: DeliveryRepository, clock: Clock, scheduler: SchedulerRegistry) {
    super(
      scheduler,
      () => deliveries.purgeFinishedBefore(new Date(clock.now().getTime() - DELIVERY_RETENTION_MS), SWEEP_BATCH),
      {
        name: 'webhook-deliveries-janitor',
        intervalMs: SWEEP_INTERVAL_MS,
        batchSize: SWEEP_BATCH,
        maxBatches: Number.POSITIVE_INFINITY,
        what: 'old webhook deliveries',
        eachMode: true,
      },
      new Logger('Webhooks'),
      clock,
    );
  }
}
