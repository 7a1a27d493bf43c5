import { randomBytes, randomUUID } from 'node:crypto';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { HmacCursorCodec } from '../../../common/paging/hmac-cursor-codec';
import { FakeClock } from '../../../common/testing/fake-clock';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { UserDirectory } from '../../auth/domain/user-directory';
import { InMemoryUserRepository } from '../../auth/infrastructure/in-memory/in-memory-user.repository';
import { InMemoryMailQueue } from '../../mail/infrastructure/in-memory/in-memory-mail-queue';
import { InvitationMailer } from '../domain/invitation-mail';
import { InvitationsService } from '../domain/invitations.service';
import { ListAccessService } from '../domain/list-access.service';
import { ListsService } from '../domain/lists.service';
import { SharesService } from '../domain/shares.service';
import { InMemoryInvitationRepository } from '../infrastructure/in-memory/in-memory-invitation.repository';
import { InMemoryListRepository } from '../infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../infrastructure/in-memory/in-memory-lists.store';
import { InMemoryShareRepository } from '../infrastructure/in-memory/in-memory-share.repository';
import { RecordedListEvents } from '../infrastructure/recorded-list-events';
import { InMemoryEventLog } from '../../events/infrastructure/in-memory/in-memory-event-log';
import { ReleasedAssignments } from '../../items/domain/member-assignments';
import { InMemoryItemRepository } from '../../items/infrastructure/in-memory/in-memory-item.repository';
import { RecordedItemEvents } from '../../items/infrastructure/recorded-item-events';

/** The lists module's services built with `new` over the in-memory adapters and a FakeClock. */
export function listsFixture() {
  const clock = new FakeClock('2026-03-01T09:00:00.000Z');
  const ids = new SequentialIdGenerator();
  const uow = new InMemoryUnitOfWork();
  const store = new InMemoryListsStore();
  const repositories = {
    lists: new InMemoryListRepository(store),
    invitations: new InMemoryInvitationRepository(store),
    shares: new InMemoryShareRepository(store),
  };
  const userRepository = new InMemoryUserRepository();
  const users = new UserDirectory(userRepository);
  // Who can see a list right now: its owner and members, as the lists tables say.
  const eventLog = new InMemoryEventLog((listId) => {
    const list = store.lists.get(listId);
    const members = [...store.members.values()].filter((member) => member.listId === listId).map((member) => member.userId);
    return list ? [list.ownerId, ...members] : members;
  });
  const events = new RecordedListEvents(users, eventLog);
  const mail = new InMemoryMailQueue(undefined, clock, ids);
  // The items module's in-memory store over the same lists, for the assignments a departing member leaves.
  const items = new InMemoryItemRepository(store);
  const assignments = new ReleasedAssignments(items, uow, new RecordedItemEvents(users, eventLog));

  /** An account, its email verified unless told otherwise; `email` defaults to a unique address. Returns its id. */
  const addUser = async (email = `u_${randomBytes(4).toString('hex')}@example.test`, emailVerified = true): Promise<string> => {
    const id = randomUUID();
    const handle = `u_${randomBytes(5).toString('hex')}`;
    await userRepository.insert({
      id,
      email,
      username: handle,
      name: handle,
      passwordHash: 'x',
      emailVerified,
      createdAt: clock.now(),
    });
    return id;
  };

  return {
    clock,
    mail,
    store,
    users,
    addUser,
    userRepository,
    ...repositories,
    eventLog,
    items,
    listsService: new ListsService(repositories.lists, uow, clock, ids, new HmacCursorCodec(randomBytes(32)), events, assignments),
    invitationsService: new InvitationsService(
      repositories.lists,
      repositories.invitations,
      users,
      uow,
      clock,
      ids,
      events,
      new InvitationMailer(mail, { developerPage: 'https://todo.example/developers' }),
    ),
    sharesService: new SharesService(
      repositories.lists,
      repositories.shares,
      uow,
      clock,
      ids,
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
      events,
    ),
    access: new ListAccessService(repositories.lists),
  };
}

export type ListsFixture = ReturnType<typeof listsFixture>;
