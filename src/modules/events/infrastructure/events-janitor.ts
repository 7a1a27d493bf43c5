import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventsService } from '../domain/events.service';

/** How often events past their retention are deleted. */
export const EVENT_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Batches per sweep: a sweep ends after this many even if more is due (the next one goes on). */
const MAX_BATCHES_PER_SWEEP = 50;

/**
 * Deletes events older than EVENT_RETENTION_DAYS in bounded batches (each its own short
 * statement, so no sweep holds locks for long). The time comes from the Clock port. With
 * several instances each sweeps; batches skip the rows another instance is deleting, and the
 * purge watermark only moves up. The timer is unref'd and stopped before the pool closes.
 */
@Injectable()
export class EventsJanitor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Events');
  private timer?: NodeJS.Timeout;

  constructor(private readonly events: EventsService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVENT_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One sweep; failures (database away) are logged and retried at the next tick. */
  async sweep(): Promise<number> {
    let deleted = 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch += 1) {
        const count = await this.events.purgeExpired();
        deleted += count;
        if (count === 0) break;
      }
      if (deleted > 0) this.logger.log({ deleted }, 'events past their retention deleted');
    } catch (error) {
      this.logger.warn({ cause: (error as Error).message }, 'events past their retention could not be deleted');
    }
    return deleted;
  }
}
