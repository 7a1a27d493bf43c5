import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { IdempotencyService } from '../domain/idempotency.service';

/** How often expired Idempotency-Key records are deleted. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Deletes expired Idempotency-Key records in the background. Expired records are
 * already ignored when a key is claimed; this only keeps the table small. The timer is
 * unref'd (it never keeps the process alive) and stopped before the pool closes. With
 * several instances each sweeps; the DELETEs are idempotent.
 */
@Injectable()
export class IdempotencyJanitor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private timer?: NodeJS.Timeout;

  constructor(private readonly idempotency: IdempotencyService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One sweep; failures (database away) are logged and retried at the next tick. */
  async sweep(): Promise<number> {
    try {
      const deleted = await this.idempotency.purgeExpired();
      if (deleted > 0) this.logger.log({ deleted }, 'expired idempotency records deleted');
      return deleted;
    } catch (error) {
      this.logger.warn({ cause: (error as Error).message }, 'expired idempotency records could not be deleted');
      return 0;
    }
  }
}
