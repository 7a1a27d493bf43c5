import { Injectable } from '@nestjs/common';
import { Janitor } from '../../../common/scheduling/janitor';
import { REQUEST_LOG_PURGE_BATCH, RequestLogsService } from '../domain/request-logs.service';

/**
 * Deletes request log lines older than 24 hours every 5 minutes, in each mode, at most 100
 * batches a sweep (the next sweep goes on). The time comes from the Clock port through the
 * service. With several instances each sweeps; the deletes are idempotent.
 */
@Injectable()
export class RequestLogsJanitor extends Janitor({
  source: RequestLogsService,
  deleteBatch: (logs) => logs.purgeExpired(),
  name: 'request-logs-janitor',
  what: 'request log lines past 24 hours',
  logContext: 'RequestLogs',
  eachMode: true,
  intervalMs: 5 * 60 * 1000,
  batchSize: REQUEST_LOG_PURGE_BATCH,
  maxBatches: 100,
}) {}
