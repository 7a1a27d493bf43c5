import { foldKey } from '../../../../common/text/fold-key';
import { List, VisibleList } from '../../domain/list';
import type { ListRole } from '../../domain/list-access';
import { Membership } from '../../domain/membership';
import type { ListMemberOrmEntity, ListOrmEntity } from './list.orm-entity';

/** A row of the raw visibility queries: a lists row plus the caller's role. */
export interface VisibleListRow {
  id: string;
  owner_id: string;
  name: string;
  item_count: number;
  open_item_count: number;
  created_at: Date;
  updated_at: Date;
  role: ListRole;
}

/** The lists columns of the raw queries, aliased for VisibleListRow. */
export const LIST_COLUMNS = 'l.id, l.owner_id, l.name, l.item_count, l.open_item_count, l.created_at, l.updated_at';

export const listFromEntity = (row: ListOrmEntity): List =>
  List.restore({
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    itemCount: row.itemCount,
    openItemCount: row.openItemCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });

/** A list as a row to insert: its props and the key its name is compared by. */
export const entityFromList = (list: List): ListOrmEntity => ({ ...list.toProps(), nameKey: foldKey(list.name), audience: [list.ownerId] });

export const listFromRow = (row: Omit<VisibleListRow, 'role'>): List =>
  List.restore({
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    itemCount: row.item_count,
    openItemCount: row.open_item_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const visibleFromRow = (userId: string, row: VisibleListRow): VisibleList => new VisibleList(listFromRow(row), row.role, userId);

export const memberFromEntity = (row: ListMemberOrmEntity): Membership => Membership.restore({ ...row });
