import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { CursorCodec } from '../../common/paging/cursor';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { ListAccess } from '../lists/domain/list-access';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ListsModule } from '../lists/lists.module';
import { ItemRepository } from './domain/item.repository';
import { ItemsService } from './domain/items.service';
import { ItemsController } from './http/items.controller';
import { RenderedPageCache } from './infrastructure/typeorm/rendered-page-cache';
import { TypeOrmItemRepository } from './infrastructure/typeorm/typeorm-item.repository';

/** Items of lists: the actions and the paged read (API.md sections 3 and 6). Knows lists only through ListAccess. */
@Module({
  imports: [ListsModule, IdempotencyModule],
  controllers: [ItemsController],
  providers: [
    {
      provide: ItemRepository,
      inject: [DataSource, AppConfig],
      useFactory: (dataSource: DataSource, config: AppConfig) =>
        new TypeOrmItemRepository(dataSource, new RenderedPageCache(config.pageCacheBytes)),
    },
    {
      provide: ItemsService,
      inject: [ItemRepository, ListAccess, UnitOfWork, Clock, IdGenerator, CursorCodec],
      useFactory: (items: ItemRepository, access: ListAccess, uow: UnitOfWork, clock: Clock, ids: IdGenerator, cursors: CursorCodec) =>
        new ItemsService(items, access, uow, clock, ids, cursors),
    },
  ],
  exports: [ItemsService],
})
export class ItemsModule {}
