import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CursorCodec } from '../../common/ports/cursor-codec';
import { cursorCodecFor } from '../../common/paging/cursor-secret';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { SecretGenerator } from '../../common/ports/secret-generator';
import { TokenHasher } from '../../common/ports/token-hasher';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { MailQueue } from '../../common/ports/mail-queue';
import { developerPageUrl } from '../../config/public-links';
import { AppConfig } from '../../config/app-config';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { UserDirectory } from '../auth/domain/user-directory';
import { InvitationRepository } from './domain/invitation.repository';
import { InvitationMailer } from './domain/invitation-mail';
import { InvitationsService } from './domain/invitations.service';
import { ListAccess } from './domain/list-access';
import { ListAccessService } from './domain/list-access.service';
import { ListEvents } from './domain/list-events';
import { ListRepository } from './domain/list.repository';
import { ListsService } from './domain/lists.service';
import { ShareRepository } from './domain/share.repository';
import { SharesService } from './domain/shares.service';
import { InvitationsController } from './http/invitations.controller';
import { ListsController } from './http/lists.controller';
import { ListsPresenter } from './application/lists.presenter';
import { SharesController } from './http/shares.controller';
import { TypeOrmInvitationRepository } from './infrastructure/typeorm/typeorm-invitation.repository';
import { TypeOrmListRepository } from './infrastructure/typeorm/typeorm-list.repository';
import { TypeOrmShareRepository } from './infrastructure/typeorm/typeorm-share.repository';
import { RecordedListEvents } from './infrastructure/recorded-list-events';
import { EventLog } from '../events/domain/event-log';
import { EventLogModule } from '../events/event-log.module';
import { MemberAssignments } from '../items/domain/member-assignments';
import { ItemChangesModule } from '../items/item-changes.module';

/**
 * Lists, members, invitations and share links (API.md sections 3 and 6). Exports
 * ListAccess, through which the items module learns which list a caller means and
 * what they may do with it.
 */
@Module({
  imports: [AuthModule, IdempotencyModule, EventLogModule, MailModule, ItemChangesModule],
  controllers: [ListsController, InvitationsController, SharesController],
  providers: [
    { provide: ListRepository, useClass: TypeOrmListRepository },
    { provide: InvitationRepository, useClass: TypeOrmInvitationRepository },
    { provide: ShareRepository, useClass: TypeOrmShareRepository },
    // Signs the cursors of GET /v1/lists and of items pages (exported to the items module).
    {
      provide: CursorCodec,
      inject: [AppConfig, DataSource],
      useFactory: (config: AppConfig, db: DataSource) => cursorCodecFor(config.cursorSecret, db),
    },
    {
      provide: ListsService,
      inject: [ListRepository, UnitOfWork, Clock, IdGenerator, CursorCodec, ListEvents, MemberAssignments],
      useFactory: (
        lists: ListRepository,
        uow: UnitOfWork,
        clock: Clock,
        ids: IdGenerator,
        cursors: CursorCodec,
        events: ListEvents,
        assignments: MemberAssignments,
      ) => new ListsService(lists, uow, clock, ids, cursors, events, assignments),
    },
    {
      provide: InvitationsService,
      inject: [ListRepository, InvitationRepository, UserDirectory, UnitOfWork, Clock, IdGenerator, ListEvents, MailQueue, AppConfig],
      useFactory: (
        lists: ListRepository,
        invitations: InvitationRepository,
        users: UserDirectory,
        uow: UnitOfWork,
        clock: Clock,
        ids: IdGenerator,
        events: ListEvents,
        mail: MailQueue,
        config: AppConfig,
      ) =>
        new InvitationsService(
          lists,
          invitations,
          users,
          uow,
          clock,
          ids,
          events,
          new InvitationMailer(mail, { developerPage: developerPageUrl(config) }),
        ),
    },
    {
      provide: SharesService,
      inject: [ListRepository, ShareRepository, UnitOfWork, Clock, IdGenerator, SecretGenerator, TokenHasher, ListEvents],
      useFactory: (
        lists: ListRepository,
        shares: ShareRepository,
        uow: UnitOfWork,
        clock: Clock,
        ids: IdGenerator,
        secrets: SecretGenerator,
        hasher: TokenHasher,
        events: ListEvents,
      ) => new SharesService(lists, shares, uow, clock, ids, secrets, hasher, events),
    },
    { provide: ListAccess, inject: [ListRepository], useFactory: (lists: ListRepository) => new ListAccessService(lists) },
    { provide: ListsPresenter, inject: [UserDirectory], useFactory: (users: UserDirectory) => new ListsPresenter(users) },
    {
      provide: ListEvents,
      inject: [UserDirectory, EventLog],
      useFactory: (users: UserDirectory, log: EventLog) => new RecordedListEvents(users, log),
    },
  ],
  // ListsService: the developer page's list picker reads the account's lists through it; the
  // MCP tools call the same services and presenter as the routes.
  exports: [ListAccess, ListsService, InvitationsService, ListsPresenter, CursorCodec],
})
export class ListsModule {}
