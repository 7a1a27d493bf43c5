import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { CursorCodec } from '../../common/ports/cursor-codec';
import { ItemPageReadModel } from './application/item-page.read-model';
import { ItemPages } from './application/item-pages';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { ListAccess } from '../lists/domain/list-access';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ListsModule } from '../lists/lists.module';
import { ItemRepository } from './domain/item.repository';
import { ItemsService } from './domain/items.service';
import { ItemsController } from './http/items.controller';
import { ItemEditsController } from './http/item-edits.controller';
import { ItemEditsService } from './domain/item-edits.service';
import { ItemChangeEvents } from './domain/item-change-events';
import { ItemChangesModule } from './item-changes.module';
import { RenderedPageCache } from './infrastructure/typeorm/rendered-page-cache';
import { TypeOrmItemPageReadModel } from './infrastructure/typeorm/typeorm-item-page.read-model';
import { TypeOrmItemRepository } from './infrastructure/typeorm/typeorm-item.repository';

/** Items of lists: the actions and the paged read (API.md sections 3 and 6). Knows lists only through ListAccess. */
@Module({
  imports: [ListsModule, IdempotencyModule, ItemChangesModule],
  controllers: [ItemsController, ItemEditsController],
  providers: [
    { provide: ItemRepository, useClass: TypeOrmItemRepository },
    {
      provide: ItemPageReadModel,
      inject: [DataSource, AppConfig],
      useFactory: (dataSource: DataSource, config: AppConfig) =>
        new TypeOrmItemPageReadModel(dataSource, new RenderedPageCache(config.pageCacheBytes)),
    },
    {
      provide: ItemsService,
      inject: [ItemRepository, ListAccess, UnitOfWork, Clock, IdGenerator],
      useFactory: (items: ItemRepository, access: ListAccess, uow: UnitOfWork, clock: Clock, ids: IdGenerator) =>
        new ItemsService(items, access, uow, clock, ids),
    },
    {
      provide: ItemEditsService,
      inject: [ItemRepository, ListAccess, UnitOfWork, Clock, ItemChangeEvents],
      useFactory: (items: ItemRepository, access: ListAccess, uow: UnitOfWork, clock: Clock, events: ItemChangeEvents) =>
        new ItemEditsService(items, access, uow, clock, events),
    },
    {
      provide: ItemPages,
      inject: [ItemPageReadModel, CursorCodec],
      useFactory: (pages: ItemPageReadModel, cursors: CursorCodec) => new ItemPages(pages, cursors),
    },
  ],
  // ItemPages: the MCP tool get_items reads pages as the route does; ItemEditsService: its
  // update_items and move_items call the same service as the routes.
  exports: [ItemsService, ItemEditsService, ItemPages],
})
export class ItemsModule {}
