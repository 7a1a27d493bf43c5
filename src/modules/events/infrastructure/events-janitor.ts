import { Injectable } from '@nestjs/common';
import { Janitor } from '../../../common/scheduling/janitor';
import { EventsService } from '../domain/events.service';

/** Events deleted per statement. */
export const EVENT_PURGE_BATCH = 1000;

/**
 * Deletes events older than EVENT_RETENTION_DAYS every 15 minutes, in each mode, at most 50
 * batches a sweep (the next sweep goes on). The time comes from the Clock port through the
 * service. With several instances each sweeps; batches skip the rows another instance is
 * deleting, and the purge watermark only moves up.
 */
@Injectable()
export class EventsJanitor extends Janitor({
  source: EventsService,
  deleteBatch: (events) => events.purgeExpired(),
  name: 'events-janitor',
  what: 'events past their retention',
  logContext: 'Events',
  eachMode: true,
  batchSize: EVENT_PURGE_BATCH,
  maxBatches: 50,
}) {}
