import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicSweep } from '../../../common/scheduling/periodic-sweep';
import { EventsService } from '../domain/events.service';

/** How often events past their retention are deleted. */
export const EVENT_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Events deleted per statement. */
export const EVENT_PURGE_BATCH = 1000;
/** Batches per sweep: a sweep ends after this many even if more is due (the next one goes on). */
const MAX_BATCHES_PER_SWEEP = 50;

/**
 * Deletes events older than EVENT_RETENTION_DAYS (PeriodicSweep: bounded batches, an unref'd
 * timer stopped before the pool closes). The time comes from the Clock port through the
 * service. With several instances each sweeps; batches skip the rows another instance is
 * deleting, and the purge watermark only moves up.
 */
@Injectable()
export class EventsJanitor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeper: PeriodicSweep;

  constructor(events: EventsService) {
    this.sweeper = new PeriodicSweep(
      () => events.purgeExpired(),
      {
        intervalMs: EVENT_SWEEP_INTERVAL_MS,
        batchSize: EVENT_PURGE_BATCH,
        maxBatches: MAX_BATCHES_PER_SWEEP,
        what: 'events past their retention',
      },
      new Logger('Events'),
    );
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  onModuleDestroy(): void {
    this.sweeper.stop();
  }

  /** One sweep now; answers how many events it deleted. */
  sweep(): Promise<number> {
    return this.sweeper.sweep();
  }
}
