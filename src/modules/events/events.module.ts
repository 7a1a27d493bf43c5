import { Module } from '@nestjs/common';
import { CursorCodec } from '../../common/ports/cursor-codec';
import { Clock } from '../../common/ports/clock';
import { AppConfig } from '../../config/app-config';
import { ListsModule } from '../lists/lists.module';
import { EventLog } from './domain/event-log';
import { EventsService } from './domain/events.service';
import { EventLogModule } from './event-log.module';
import { EventsController } from './http/events.controller';
import { EVENT_PURGE_BATCH, EventsJanitor } from './infrastructure/events-janitor';

/** The change feed, GET /v1/events (API.md section 8), and the retention of events. */
@Module({
  imports: [EventLogModule, ListsModule],
  controllers: [EventsController],
  providers: [
    {
      provide: EventsService,
      inject: [EventLog, CursorCodec, Clock, AppConfig],
      useFactory: (log: EventLog, cursors: CursorCodec, clock: Clock, config: AppConfig) =>
        new EventsService(log, cursors, clock, { days: config.eventRetentionDays, batch: EVENT_PURGE_BATCH }),
    },
    EventsJanitor,
  ],
  exports: [EventsService, EventsJanitor],
})
export class EventsModule {}
