import { Module } from '@nestjs/common';
import { EventLog } from './domain/event-log';
import { EventWriter } from './domain/event-writer';
import { DirectEventWriter } from './infrastructure/direct-event-writer';
import { TypeOrmEventLog } from './infrastructure/typeorm/typeorm-event-log';

/**
 * The events outbox alone, for the modules that record events (lists); apart from
 * EventsModule, which serves the feed and needs the lists module's cursor codec.
 */
@Module({
  providers: [
    { provide: EventLog, useClass: TypeOrmEventLog },
    { provide: EventWriter, useClass: DirectEventWriter },
  ],
  exports: [EventLog, EventWriter],
})
export class EventLogModule {}
