import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '../../../../common/auth/scopes';
import type { KeyMode } from '../../../../common/auth/principal';
import type { StoredKeyStatus } from '../../domain/api-key';

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
  mode!: KeyMode;

  @Column('uuid', { name: 'list_ids', array: true, nullable: true })
  listIds!: string[] | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column('text', { name: 'allowed_ips', array: true, nullable: true })
  allowedIps!: string[] | null;

  @Column('text')
  status!: StoredKeyStatus;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
