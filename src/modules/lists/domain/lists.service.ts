import type { Viewer } from '../../../common/auth/principal';
import { CursorCodec, cursorField } from '../../../common/ports/cursor-codec';
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

export interface ListPage {
  lists: VisibleList[];
  /** Null exactly when nothing follows. */
  nextCursor: string | null;
}

export type { MemberEntry };

const CURSOR = { c: cursorField.instant, i: cursorField.uuid };

/** Lists and their members: every rule of creating, reading, renaming, deleting and membership. */
export class ListsService {
  constructor(
    private readonly lists: ListRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly events: ListEvents,
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
    const after = cursor === undefined ? null : this.cursors.decode('lists', cursor, CURSOR);
    const rows = await this.lists.pageVisible(viewer, after && { createdAt: new Date(after.c), id: after.i }, limit + 1);
    const lists = rows.slice(0, limit);
    const last = lists[lists.length - 1];
    const nextCursor = rows.length > limit ? this.cursors.encode('lists', { c: last.list.createdAt.toISOString(), i: last.list.id }) : null;
    return { lists, nextCursor };
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
   * member.removed is recorded while the member still belongs, so it reaches them too.
   */
  async removeMember(viewer: Viewer, listId: string, memberId: string): Promise<void> {
    await this.uow.run(async () => {
      const visible = await findVisibleOrThrow(this.lists, viewer, listId);
      const target = pathId(memberId);
      visible.authorizeRemoval(target ?? memberId);
      const member = target && (await this.lists.findMember(visible.list.id, target));
      if (!member) throw new MemberNotFound();
      const entry = { userId: member.userId, role: member.role, joinedAt: member.joinedAt };
      await this.events.record(viewer.userId, this.clock.now(), [{ type: 'member.removed', list: visible.list, member: entry }]);
      if (!(await this.lists.deleteMember(visible.list.id, member.userId))) throw new MemberNotFound();
    });
  }
}
