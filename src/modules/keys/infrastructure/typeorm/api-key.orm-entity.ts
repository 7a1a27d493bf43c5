import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '../../../../common/auth/scopes';
import type { ApiKeyStatus } from '../../domain/api-key';

@Entity({ name: 'api_keys' })
export class ApiKeyOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  label!: string;

  @Column('text')
  prefix!: string;

  @Column('text')
  last4!: string;

  @Column('text', { name: 'key_hash' })
  keyHash!: string;

  @Column('text', { array: true })
  scopes!: Scope[];

  @Column('text')
  status!: ApiKeyStatus;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
