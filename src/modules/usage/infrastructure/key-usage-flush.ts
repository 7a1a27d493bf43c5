import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicFlush } from '../../../common/scheduling/periodic-flush';
import { KeyUsageCounter } from '../domain/key-usage-counter';

/** How often an instance adds its counted requests to the stored ones: the staleness other instances' counts may have. */
export const KEY_USAGE_FLUSH_INTERVAL_MS = 60_000;

/**
 * Flushes the key usage counted by this instance once a minute, and a last time when the
 * application closes (PeriodicFlush): a last flush that the database does not take loses at
 * most a minute of counts.
 */
@Injectable()
export class KeyUsageFlush extends PeriodicFlush {
  constructor(counter: KeyUsageCounter, scheduler: SchedulerRegistry) {
    super(scheduler, () => counter.flush(), { name: 'key-usage-flush', intervalMs: KEY_USAGE_FLUSH_INTERVAL_MS });
  }
}
