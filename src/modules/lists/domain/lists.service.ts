import type { Viewer } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import { keysetPage } from '../../../common/paging/cursor';
import { CursorCodec } from '../../../common/ports/cursor-codec';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { List, VisibleList } from './list';
import { parseListName } from './list-name';
import { ListEvents, MemberEntry } from './list-events';
import { ListRepository } from './list.repository';
import { MAX_OWNED_LISTS } from './limits';
import { ListNotFound, MemberNotFound, OwnedListLimit, OwnerRoleIsFixed } from './lists.errors';
import type { MemberRole } from './membership';
import { assertMayReachOutside, findVisibleOrThrow, pathId } from './visibility';
import type { MemberAssignments } from '../../items/domain/member-assignments';

export interface ListPage {
  lists: VisibleList[];
  /** Null exactly when nothing follows. */
  nextCursor: string | null;
}

export type { MemberEntry };

/** What deleting everything of an account's lists did (deleteAllOf). */
export interface AccountListsDeleted {
  /** The lists it owned, deleted. */
  lists: number;
  /** The memberships it had in other accounts' lists, left. */
  memberships: number;
}

/**
 * How deleteAllOf groups the owned lists into its DELETE statements: a list's items go with it
 * (ON DELETE CASCADE), so a statement is bounded by the items it removes, never by lists alone,
 * and stays far below the statement timeout (docs/performance.md, "Resetting the sandbox").
 * A list of more items than this (at most 10,000) is a statement of its own.
 */
export const DELETE_BATCH = { items: 25_000, lists: 100 } as const;

/** Memberships left per event statement. */
const LEAVE_BATCH = 500;

/** Lists and their members: every rule of creating, reading, renaming, deleting and membership. */
export class ListsService {
  constructor(
    private readonly lists: ListRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly events: ListEvents,
    /** The items module's: a member who leaves stops being the assignee of the list's items. */
    private readonly assignments: MemberAssignments,
  ) {}

  /** A list-restricted key creates none: the new list would be outside its lists (403). */
  async create(viewer: Viewer, rawName: string): Promise<VisibleList> {
    const name = parseListName(rawName);
    assertMayReachOutside(viewer, 'createList');
    const ownerId = viewer.userId;
    return this.uow.run(async () => {
      await this.lists.lockOwner(ownerId);
      if ((await this.lists.countOwnedBy(ownerId)) >= MAX_OWNED_LISTS) throw new OwnedListLimit();
      const now = this.clock.now();
      const list = List.create({ id: this.ids.next(), ownerId, name, now });
      await this.lists.insert(list);
      const created = new VisibleList(list, 'owner', ownerId);
      await this.events.record(ownerId, now, [{ type: 'list.created', list: created }]);
      return created;
    });
  }

  /** `cursor` is a next_cursor this service issued; anything else is a 400. */
  async page(viewer: Viewer, limit: number, cursor?: string): Promise<ListPage> {
    const { rows, nextCursor } = await keysetPage(
      this.cursors,
      'lists',
      cursor,
      limit,
      (after, n) => this.lists.pageVisible(viewer, after, n),
      (visible) => visible.list,
    );
    return { lists: rows, nextCursor };
  }

  get(viewer: Viewer, listId: string): Promise<VisibleList> {
    return findVisibleOrThrow(this.lists, viewer, listId);
  }

  /** With its list.renamed event, in one unit of work. */
  async rename(viewer: Viewer, listId: string, rawName: string): Promise<VisibleList> {
    const name = parseListName(rawName);
    const userId = viewer.userId;
    return this.uow.run(async () => {
      const visible = await findVisibleOrThrow(this.lists, viewer, listId);
      visible.authorize('rename');
      const now = this.clock.now();
      visible.list.rename(name, now);
      const saved = await this.lists.saveName(visible.list);
      if (!saved) throw new ListNotFound();
      const renamed = new VisibleList(saved, visible.role, userId);
      await this.events.record(userId, now, [{ type: 'list.renamed', list: renamed }]);
      return renamed;
    });
  }

  /** list.deleted is recorded first, so that everyone who could see the list sees it go. */
  async delete(viewer: Viewer, listId: string): Promise<void> {
    await this.uow.run(async () => {
      const visible = await findVisibleOrThrow(this.lists, viewer, listId);
      visible.authorize('delete');
      await this.events.record(viewer.userId, this.clock.now(), [{ type: 'list.deleted', list: visible }]);
      await this.lists.delete(visible.list.id);
    });
  }

  /**
   * Deletes every list the account owns and leaves every list it is a member of, recording what
   * DELETE /v1/lists/:id and leaving record, one event per list or membership: list.deleted
   * (before its list goes, so everyone who could see it hears it) and member.removed with the
   * member as actor (while the member still belongs). One unit of work (the caller's, when one
   * runs): the owner lock keeps a list of theirs from being created meanwhile. The lists go in
   * batches of whole lists per statement (DELETE_BATCH).
   */
  async deleteAllOf(userId: string): Promise<AccountListsDeleted> {
    return this.uow.run(async () => {
      await this.lists.lockOwner(userId);
      const visible = await this.allVisible(accountViewer(userId));
      const now = this.clock.now();
      let lists = 0;
      for (const batch of batchesOfItems(visible.filter((v) => v.isOwner))) {
        await this.events.record(
          userId,
          now,
          batch.map((list) => ({ type: 'list.deleted', list })),
        );
        lists += await this.lists.deleteMany(batch.map((v) => v.list.id));
      }
      let memberships = 0;
      const joined = visible.filter((v) => !v.isOwner);
      for (let start = 0; start < joined.length; start += LEAVE_BATCH) {
        const leaving: Array<{ list: VisibleList['list']; member: MemberEntry }> = [];
        for (const { list } of joined.slice(start, start + LEAVE_BATCH)) {
          const member = await this.lists.findMember(list.id, userId);
          if (member) leaving.push({ list, member: { userId, role: member.role, joinedAt: member.joinedAt } });
        }
        await this.events.record(
          userId,
          now,
          leaving.map(({ list, member }) => ({ type: 'member.removed', list, member })),
        );
        for (const { list } of leaving) await this.assignments.release(list, userId, userId, now);
        for (const { list } of leaving) if (await this.lists.deleteMember(list.id, userId)) memberships += 1;
      }
      return { lists, memberships };
    });
  }

  /** Every list the viewer sees, oldest first, a page of the store at a time. */
  private async allVisible(viewer: Viewer): Promise<VisibleList[]> {
    const all: VisibleList[] = [];
    for (;;) {
      const last = all[all.length - 1];
      const page = await this.lists.pageVisible(
        viewer,
        last ? { createdAt: last.list.createdAt, id: last.list.id } : null,
        MAX_OWNED_LISTS,
      );
      all.push(...page);
      if (page.length < MAX_OWNED_LISTS) return all;
    }
  }

  async members(viewer: Viewer, listId: string): Promise<MemberEntry[]> {
    const { list } = await findVisibleOrThrow(this.lists, viewer, listId);
    const members = await this.lists.listMembers(list.id);
    return [
      { userId: list.ownerId, role: 'owner', joinedAt: list.createdAt },
      ...members.map((m) => ({ userId: m.userId, role: m.role, joinedAt: m.joinedAt })),
    ];
  }

  async changeRole(viewer: Viewer, listId: string, memberId: string, role: MemberRole): Promise<MemberEntry> {
    return this.uow.run(async () => {
      const visible = await findVisibleOrThrow(this.lists, viewer, listId);
      visible.authorize('changeRole');
      const target = pathId(memberId);
      if (target && visible.list.isOwnedBy(target)) throw new OwnerRoleIsFixed();
      const member = target && (await this.lists.findMember(visible.list.id, target));
      if (!member) throw new MemberNotFound();
      member.changeRole(role);
      if (!(await this.lists.saveMemberRole(member))) throw new MemberNotFound();
      const entry = { userId: member.userId, role: member.role, joinedAt: member.joinedAt };
      await this.events.record(viewer.userId, this.clock.now(), [{ type: 'member.role_changed', list: visible.list, member: entry }]);
      return entry;
    });
  }

  /**
   * The owner removes a member, or a member leaves (then the member is the actor).
   * member.removed is recorded while the member still belongs, so it reaches them too; so are
   * the item.updated events of the items they are no longer assigned to (API.md section 13).
   */
  async removeMember(viewer: Viewer, listId: string, memberId: string): Promise<void> {
    await this.uow.run(async () => {
      const visible = await findVisibleOrThrow(this.lists, viewer, listId);
      const target = pathId(memberId);
      visible.authorizeRemoval(target ?? memberId);
      const member = target && (await this.lists.findMember(visible.list.id, target));
      if (!member) throw new MemberNotFound();
      const entry = { userId: member.userId, role: member.role, joinedAt: member.joinedAt };
      const now = this.clock.now();
      await this.events.record(viewer.userId, now, [{ type: 'member.removed', list: visible.list, member: entry }]);
      await this.assignments.release(visible.list, member.userId, viewer.userId, now);
      if (!(await this.lists.deleteMember(visible.list.id, member.userId))) throw new MemberNotFound();
    });
  }
}

/** The lists in order, grouped so that no group holds more than DELETE_BATCH's items or lists (a bigger list alone). */
export function batchesOfItems(lists: readonly VisibleList[]): VisibleList[][] {
  const batches: VisibleList[][] = [];
  let batch: VisibleList[] = [];
  let items = 0;
  for (const list of lists) {
    const count = list.list.itemCount;
    if (batch.length > 0 && (items + count > DELETE_BATCH.items || batch.length >= DELETE_BATCH.lists)) {
      batches.push(batch);
      batch = [];
      items = 0;
    }
    batch.push(list);
    items += count;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
