import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { InvitationRepository } from '../domain/invitation.repository';
import { List } from '../domain/list';
import type { ListRepository } from '../domain/list.repository';
import { Membership, MemberRole } from '../domain/membership';
import type { ShareRepository } from '../domain/share.repository';

/** One set of adapters under test: the in-memory ones, or the TypeORM ones on a real database. */
export interface ListsStorage {
  lists: ListRepository;
  invitations: InvitationRepository;
  shares: ShareRepository;
  uow: UnitOfWork;
  /** An id that may own lists and join them (an account row where foreign keys demand one). */
  newUser(): Promise<string>;
}

let tick = Date.parse('2026-03-01T10:00:00.000Z');
/** Distinct, increasing instants with milliseconds, so ordering and round trips are observable. */
export const nextInstant = (): Date => new Date((tick += 1_001));

export async function givenList(storage: ListsStorage, ownerId: string, name = `List ${randomUUID().slice(0, 8)}`): Promise<List> {
  const list = List.create({ id: randomUUID(), ownerId, name, now: nextInstant() });
  await storage.lists.insert(list);
  return list;
}

export async function givenMember(storage: ListsStorage, list: List, userId: string, role: MemberRole = 'editor'): Promise<Membership> {
  const membership = Membership.join({ listId: list.id, userId, role, joinedAt: nextInstant() });
  await storage.lists.insertMember(membership);
  return membership;
}
