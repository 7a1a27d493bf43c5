import { Injectable } from '@nestjs/common';
import { Janitor } from '../../../common/scheduling/janitor';
import { KeyUsageService, USAGE_PURGE_BATCH } from '../domain/key-usage.service';

/**
 * Deletes key usage older than the days shown, hourly since rows age by whole days, at most
 * 50 batches a sweep (the next sweep goes on). The day comes from the Clock port through the
 * service. With several instances each sweeps; the deletes are idempotent.
 */
@Injectable()
export class KeyUsageJanitor extends Janitor({
  source: KeyUsageService,
  deleteBatch: (usage) => usage.purgeExpired(),
  name: 'key-usage-janitor',
  what: 'key usage past its retention',
  logContext: 'KeyUsage',
  intervalMs: 60 * 60 * 1000,
  batchSize: USAGE_PURGE_BATCH,
  maxBatches: 50,
}) {}
