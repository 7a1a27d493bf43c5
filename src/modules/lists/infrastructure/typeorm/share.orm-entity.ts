import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MemberRole } from '../../domain/membership';

@Entity({ name: 'list_shares' })
export class ShareOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'list_id' })
  listId!: string;

  @Column('text', { name: 'token_hash' })
  tokenHash!: string;

  @Column('text')
  role!: MemberRole;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
