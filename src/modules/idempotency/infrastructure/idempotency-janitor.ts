import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../../../common/ports/clock';
import { ScheduledSweep } from '../../../common/scheduling/scheduled-sweep';
import { IdempotencyService } from '../domain/idempotency.service';

/** How often expired Idempotency-Key records are deleted. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Deletes expired Idempotency-Key records in the background (ScheduledSweep). Expired records
 * are already ignored when a key is claimed; this only keeps the table small. One statement
 * per sweep deletes every expired record.
 */
@Injectable()
export class IdempotencyJanitor extends ScheduledSweep {
  constructor(idempotency: IdempotencyService, scheduler: SchedulerRegistry, clock: Clock) {
    super(
      scheduler,
      () => idempotency.purgeExpired(),
      {
        name: 'idempotency-janitor',
        intervalMs: SWEEP_INTERVAL_MS,
        batchSize: Number.POSITIVE_INFINITY,
        maxBatches: 1,
        what: 'expired idempotency records',
        eachMode: true,
      },
      new Logger('Idempotency'),
      clock,
    );
  }
}
