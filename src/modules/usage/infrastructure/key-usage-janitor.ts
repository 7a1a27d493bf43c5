import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../../../common/ports/clock';
import { ScheduledSweep } from '../../../common/scheduling/scheduled-sweep';
import { KeyUsageService, USAGE_PURGE_BATCH } from '../domain/key-usage.service';

/** How often rows of days no longer shown are deleted: they age by whole days. */
export const KEY_USAGE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Batches per sweep: a sweep ends after this many even if more is due (the next one goes on). */
const MAX_BATCHES_PER_SWEEP = 50;

/**
 * Deletes key usage older than the days shown (ScheduledSweep: bounded batches on an interval
 * of the SchedulerRegistry, removed before the pool closes). The day comes from the Clock port
 * through the service. With several instances each sweeps; the deletes are idempotent.
 */
@Injectable()
export class KeyUsageJanitor extends ScheduledSweep {
  constructor(usage: KeyUsageService, scheduler: SchedulerRegistry, clock: Clock) {
    super(
      scheduler,
      () => usage.purgeExpired(),
      {
        name: 'key-usage-janitor',
        intervalMs: KEY_USAGE_SWEEP_INTERVAL_MS,
        batchSize: USAGE_PURGE_BATCH,
        maxBatches: MAX_BATCHES_PER_SWEEP,
        what: 'key usage past its retention',
      },
      new Logger('KeyUsage'),
      clock,
    );
  }
}
