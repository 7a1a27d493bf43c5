import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { Viewer } from '../../../../common/auth/principal';
import { BEST_MATCH_FIRST, MIGHT_MEAN_WHERE, viewerParameters, visibleListsSql } from '../../../../common/persistence/list-visibility-sql';
import { List, VisibleList } from '../../domain/list';
import { ListPageKey, ListRepository } from '../../domain/list.repository';
import { AlreadyMember, DuplicateListName } from '../../domain/lists.errors';
import { Membership } from '../../domain/membership';
import { foldKey } from '../../../../common/text/fold-key';
import { entityFromList, LIST_COLUMNS, listFromEntity, listFromRow, memberFromEntity, VisibleListRow, visibleFromRow } from './list.mapper';
import { ListMemberOrmEntity, ListOrmEntity } from './list.orm-entity';
import { isUniqueViolation } from '../../../../common/persistence/unique-violation';

const NAME_INDEX = 'lists_owner_name_uq';
const MEMBER_KEY = 'list_members_pkey';
// Before every real (created_at, id): where a first page starts.
const START = { createdAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

/** The lists the viewer ($1, $2) can see among those `where` names, with their role (list-visibility-sql.ts). */
const visibleBranches = (where: string, tail?: string) => visibleListsSql(LIST_COLUMNS, where, tail);

/** The list a caller names by id (every read and write of its items). */
const FIND_VISIBLE = new NamedStatement('lists_find_visible', visibleBranches('l.id = $3::uuid'));

/**
 * The lists a caller may mean by an id or a name (the actions' `list` field), best match
 * first. $4 is the name's foldKey: names compare by the stored name_key, never lower().
 */
const FIND_VISIBLE_BY_ID_OR_NAME = new NamedStatement(
  'lists_find_visible_by_id_or_name',
  `SELECT * FROM (${visibleBranches(MIGHT_MEAN_WHERE)}) v ORDER BY ${BEST_MATCH_FIRST} LIMIT $5`,
);

/** A page of the viewer's lists after ($3, $4), $5 of them: each branch stops at the limit in its own index order. */
const PAGE_VISIBLE = `SELECT * FROM (${visibleBranches(
  '(l.created_at, l.id) > ($3::timestamptz, $4::uuid)',
  ' ORDER BY l.created_at, l.id LIMIT $5',
)}) v ORDER BY v.created_at, v.id LIMIT $5`;

@Injectable()
export class TypeOrmListRepository extends ListRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get manager() {
    return managerOf(this.dataSource);
  }

  private get lists() {
    return this.manager.getRepository(ListOrmEntity);
  }

  private get members() {
    return this.manager.getRepository(ListMemberOrmEntity);
  }

  async insert(list: List): Promise<void> {
    await this.renamingSafely(() => this.lists.insert(entityFromList(list)));
  }

  async findById(id: string): Promise<List | null> {
    const row = await this.lists.findOneBy({ id });
    return row ? listFromEntity(row) : null;
  }

  async findByIds(ids: readonly string[]): Promise<List[]> {
    if (ids.length === 0) return [];
    return (await this.lists.findBy({ id: In([...new Set(ids)]) })).map(listFromEntity);
  }

  async saveName(list: List): Promise<List | null> {
    const { id, name, updatedAt } = list.toProps();
    // UPDATE … RETURNING answers [rows, count] through EntityManager.query.
    const [rows] = await this.renamingSafely(() =>
      this.manager.query<[VisibleListRow[], number]>(
        `UPDATE lists l SET name = $2, name_key = $4, updated_at = $3 WHERE l.id = $1 RETURNING ${LIST_COLUMNS}`,
        [id, name, updatedAt, foldKey(name)],
      ),
    );
    return rows.length ? listFromRow(rows[0]) : null;
  }

  async delete(id: string): Promise<void> {
    // Members, invitations, shares and items go with it (ON DELETE CASCADE).
    await this.lists.delete({ id });
  }

  async deleteMany(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    // A SELECT around the DELETE: TypeORM answers a bare DELETE … RETURNING as [rows, count].
    const [row] = await this.manager.query<Array<{ deleted: number }>>(
      `WITH gone AS (DELETE FROM lists WHERE id = ANY($1::uuid[]) RETURNING id) SELECT count(*)::integer AS deleted FROM gone`,
      [ids],
    );
    return row.deleted;
  }

  async countOwnedBy(ownerId: string): Promise<number> {
    return this.lists.countBy({ ownerId });
  }

  async lockOwner(ownerId: string): Promise<void> {
    // An advisory lock rather than a row lock on users: it blocks nobody but other list
    // creations of this owner, and keeps this module out of the auth module's table.
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('lists.owner:' || $1::text, 0))`, [ownerId]);
  }

  async lockList(id: string): Promise<List | null> {
    // NO KEY UPDATE: concurrent lockers and a DELETE wait; foreign-key checks of inserts do not.
    const rows = await this.manager.query<VisibleListRow[]>(`SELECT ${LIST_COLUMNS} FROM lists l WHERE l.id = $1 FOR NO KEY UPDATE`, [id]);
    return rows.length ? listFromRow(rows[0]) : null;
  }

  async findVisible(viewer: Viewer, listId: string): Promise<VisibleList | null> {
    const rows = await FIND_VISIBLE.run<VisibleListRow>(this.dataSource, [...viewerParameters(viewer), listId]);
    return rows.length ? visibleFromRow(viewer.userId, rows[0]) : null;
  }

  async pageVisible(viewer: Viewer, after: ListPageKey | null, limit: number): Promise<VisibleList[]> {
    const from = after ?? START;
    const rows = await this.manager.query<VisibleListRow[]>(PAGE_VISIBLE, [...viewerParameters(viewer), from.createdAt, from.id, limit]);
    return rows.map((row) => visibleFromRow(viewer.userId, row));
  }

  async findVisibleByIdOrName(viewer: Viewer, id: string | null, name: string, limit: number): Promise<VisibleList[]> {
    const rows = await FIND_VISIBLE_BY_ID_OR_NAME.run<VisibleListRow>(this.dataSource, [
      ...viewerParameters(viewer),
      id,
      foldKey(name),
      limit,
    ]);
    return rows.map((row) => visibleFromRow(viewer.userId, row));
  }

  async findMember(listId: string, userId: string): Promise<Membership | null> {
    const row = await this.members.findOneBy({ listId, userId });
    return row ? memberFromEntity(row) : null;
  }

  async listMembers(listId: string): Promise<Membership[]> {
    return (await this.members.find({ where: { listId }, order: { joinedAt: 'ASC', userId: 'ASC' } })).map(memberFromEntity);
  }

  async countMembers(listId: string): Promise<number> {
    return this.members.countBy({ listId });
  }

  /** The membership row and the list's kept audience (ListOrmEntity.audience) move together. */
  async insertMember(membership: Membership): Promise<void> {
    const { listId, userId, role, joinedAt } = membership.toProps();
    try {
      await this.manager.query(
        `WITH m AS (
           INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4) RETURNING list_id, user_id
         )
         UPDATE lists l SET audience = array_append(array_remove(l.audience, m.user_id), m.user_id)
           FROM m WHERE l.id = m.list_id AND l.audience IS NOT NULL`,
        [listId, userId, role, joinedAt],
      );
    } catch (error) {
      if (isUniqueViolation(error, MEMBER_KEY)) throw new AlreadyMember('you');
      throw error;
    }
  }

  async saveMemberRole(membership: Membership): Promise<boolean> {
    const { listId, userId, role } = membership.toProps();
    return ((await this.members.update({ listId, userId }, { role })).affected ?? 0) > 0;
  }

  async deleteMember(listId: string, userId: string): Promise<boolean> {
    const [row] = await this.manager.query<Array<{ deleted: number }>>(
      `WITH gone AS (DELETE FROM list_members WHERE list_id = $1 AND user_id = $2 RETURNING list_id, user_id),
            kept AS (
              UPDATE lists l SET audience = array_remove(l.audience, gone.user_id)
                FROM gone WHERE l.id = gone.list_id AND l.audience IS NOT NULL
            )
       SELECT count(*)::integer AS deleted FROM gone`,
      [listId, userId],
    );
    return row.deleted > 0;
  }

  /** A name race lost to another request is the same 422 as a name found taken. */
  private async renamingSafely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw new DuplicateListName();
      throw error;
    }
  }
}
