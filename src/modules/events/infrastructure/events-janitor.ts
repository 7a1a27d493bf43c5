import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../../../common/ports/clock';
import { ScheduledSweep } from '../../../common/scheduling/scheduled-sweep';
import { EventsService } from '../domain/events.service';

/** How often events past their retention are deleted. */
export const EVENT_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Events deleted per statement. */
export const EVENT_PURGE_BATCH = 1000;
/** Batches per sweep: a sweep ends after this many even if more is due (the next one goes on). */
const MAX_BATCHES_PER_SWEEP = 50;

/**
 * Deletes events older than EVENT_RETENTION_DAYS (ScheduledSweep: bounded batches on an
 * interval of the SchedulerRegistry, added once the application has booted and removed before
 * the pool closes). The time comes from the Clock port through the service. With several
 * instances each sweeps; batches skip the rows another instance is deleting, and the purge
 * watermark only moves up.
 */
@Injectable()
export class EventsJanitor extends ScheduledSweep {
  constructor(events: EventsService, scheduler: SchedulerRegistry, clock: Clock) {
    super(
      scheduler,
      () => events.purgeExpired(),
      {
        name: 'events-janitor',
        intervalMs: EVENT_SWEEP_INTERVAL_MS,
        batchSize: EVENT_PURGE_BATCH,
        maxBatches: MAX_BATCHES_PER_SWEEP,
        what: 'events past their retention',
        eachMode: true,
      },
      new Logger('Events'),
      clock,
    );
  }
}
