import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of `idempotency_keys` (see migration 1763800300000-idempotency.ts). */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyOrmEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @PrimaryColumn('text')
  key!: string;

  @Column('text')
  fingerprint!: string;

  @Column('json', { nullable: true })
  response!: unknown;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
