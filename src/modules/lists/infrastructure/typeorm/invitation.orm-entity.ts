import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { StoredInvitationStatus } from '../../domain/invitation';
import type { MemberRole } from '../../domain/membership';

@Entity({ name: 'list_invitations' })
export class InvitationOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'list_id' })
  listId!: string;

  @Column('text')
  email!: string;

  @Column('text')
  role!: MemberRole;

  @Column('uuid', { name: 'inviter_id' })
  inviterId!: string;

  @Column('text')
  status!: StoredInvitationStatus;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'responded_at', nullable: true })
  respondedAt!: Date | null;
}
