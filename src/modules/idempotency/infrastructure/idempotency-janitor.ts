import { Injectable, Logger } from '@nestjs/common';
import { PeriodicSweep } from '../../../common/scheduling/periodic-sweep';
import { IdempotencyService } from '../domain/idempotency.service';

/** How often expired Idempotency-Key records are deleted. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Deletes expired Idempotency-Key records in the background (PeriodicSweep). Expired records
 * are already ignored when a key is claimed; this only keeps the table small. One statement
 * per sweep deletes every expired record.
 */
@Injectable()
export class IdempotencyJanitor extends PeriodicSweep {
  constructor(idempotency: IdempotencyService) {
    super(
      () => idempotency.purgeExpired(),
      { intervalMs: SWEEP_INTERVAL_MS, batchSize: Number.POSITIVE_INFINITY, maxBatches: 1, what: 'expired idempotency records' },
      new Logger('Idempotency'),
    );
  }
}
