import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MemberRole } from '../../domain/membership';

@Entity({ name: 'lists' })
export class ListOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'owner_id' })
  ownerId!: string;

  @Column('text')
  name!: string;

  /** foldKey(name) (src/common/text/fold-key.ts): what names are unique by and looked up by. */
  @Column('text', { name: 'name_key' })
  nameKey!: string;

  @Column('integer', { name: 'item_count' })
  itemCount!: number;

  @Column('integer', { name: 'open_item_count' })
  openItemCount!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;

  /**
   * Who can see the list's events now: its owner and members (migration
   * 1763801000000-event-batches.ts). Written with the list and with each membership change, in
   * the same statement; read only by the statements that record events.
   */
  @Column('uuid', { array: true, nullable: true, select: false })
  audience!: string[] | null;
}

@Entity({ name: 'list_members' })
export class ListMemberOrmEntity {
  @PrimaryColumn('uuid', { name: 'list_id' })
  listId!: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  role!: MemberRole;

  @Column('timestamptz', { name: 'joined_at' })
  joinedAt!: Date;
}
