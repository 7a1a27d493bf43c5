import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of `items` (see migration 1763800200000-items.ts for the indexes and why `seq`). */
@Entity({ name: 'items' })
export class ItemOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'list_id' })
  listId!: string;

  /** Identity column: written by PostgreSQL only. bigint arrives as a string from pg. */
  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  @Column('text')
  text!: string;

  @Column('text', { name: 'text_key' })
  textKey!: string;

  @Column('boolean')
  completed!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('uuid', { name: 'created_by' })
  createdBy!: string;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @Column('uuid', { name: 'completed_by', nullable: true })
  completedBy!: string | null;
}
