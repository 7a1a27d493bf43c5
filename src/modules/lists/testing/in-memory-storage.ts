import { randomUUID } from 'node:crypto';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { InMemoryInvitationRepository } from '../infrastructure/in-memory/in-memory-invitation.repository';
import { InMemoryListRepository } from '../infrastructure/in-memory/in-memory-list.repository';
import { InMemoryListsStore } from '../infrastructure/in-memory/in-memory-lists.store';
import { InMemoryShareRepository } from '../infrastructure/in-memory/in-memory-share.repository';
import type { ListsStorage } from './lists-storage';

/** The in-memory adapters over one shared store (so deleting a list cascades). */
export async function inMemoryStorage(): Promise<ListsStorage> {
  const store = new InMemoryListsStore();
  return {
    lists: new InMemoryListRepository(store),
    invitations: new InMemoryInvitationRepository(store),
    shares: new InMemoryShareRepository(store),
    uow: new InMemoryUnitOfWork(),
    newUser: async () => randomUUID(),
  };
}
