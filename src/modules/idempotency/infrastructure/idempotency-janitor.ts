import { Injectable } from '@nestjs/common';
import { Janitor } from '../../../common/scheduling/janitor';
import { IdempotencyService } from '../domain/idempotency.service';

/**
 * Deletes expired Idempotency-Key records every 15 minutes, in each mode. Expired records are
 * already ignored when a key is claimed; this only keeps the table small. One statement per
 * sweep deletes every expired record.
 */
@Injectable()
export class IdempotencyJanitor extends Janitor({
  source: IdempotencyService,
  deleteBatch: (idempotency) => idempotency.purgeExpired(),
  name: 'idempotency-janitor',
  what: 'expired idempotency records',
  logContext: 'Idempotency',
  eachMode: true,
  batchSize: Number.POSITIVE_INFINITY,
  maxBatches: 1,
}) {}
