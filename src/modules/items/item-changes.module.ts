import { Module } from '@nestjs/common';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { AuthModule } from '../auth/auth.module';
import { UserDirectory } from '../auth/domain/user-directory';
import { EventLog } from '../events/domain/event-log';
import { EventLogModule } from '../events/event-log.module';
import { ItemChangeEvents } from './domain/item-change-events';
import { ItemRepository } from './domain/item.repository';
import { MemberAssignments, ReleasedAssignments } from './domain/member-assignments';
import { RecordedItemEvents } from './infrastructure/recorded-item-events';
import { TypeOrmItemRepository } from './infrastructure/typeorm/typeorm-item.repository';

/**
 * What the items module lends the modules that change items' surroundings, apart from
 * ItemsModule (which imports the lists module, and so cannot be imported by it): the recording
 * of item.updated and item.moved (ItemChangeEvents), and MemberAssignments, through which the
 * lists module clears a departing member's assignments without writing the items table.
 */
@Module({
  imports: [AuthModule, EventLogModule],
  providers: [
    { provide: ItemRepository, useClass: TypeOrmItemRepository },
    {
      provide: ItemChangeEvents,
      inject: [UserDirectory, EventLog],
      useFactory: (users: UserDirectory, log: EventLog) => new RecordedItemEvents(users, log),
    },
    {
      provide: MemberAssignments,
      inject: [ItemRepository, UnitOfWork, ItemChangeEvents],
      useFactory: (items: ItemRepository, uow: UnitOfWork, events: ItemChangeEvents) => new ReleasedAssignments(items, uow, events),
    },
  ],
  exports: [ItemChangeEvents, MemberAssignments],
})
export class ItemChangesModule {}
