import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { Invitation } from '../../domain/invitation';
import { InvitationRepository } from '../../domain/invitation.repository';
import { InvitationOrmEntity } from './invitation.orm-entity';
import { deleteBeyondNewest } from '../../../../common/persistence/delete-beyond-newest';

const toDomain = (row: InvitationOrmEntity): Invitation => Invitation.restore({ ...row });
const OLDEST_FIRST = { createdAt: 'ASC', id: 'ASC' } as const;

@Injectable()
export class TypeOrmInvitationRepository extends InvitationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get repo() {
    return managerOf(this.dataSource).getRepository(InvitationOrmEntity);
  }

  async countInvitationMail(inviterId: string, day: string, limit: number): Promise<boolean> {
    const rows = await managerOf(this.dataSource).query<Array<{ mails: number }>>(
      `WITH earlier AS (DELETE FROM invitation_mail_days WHERE inviter_id = $1 AND day < $2::date)
       INSERT INTO invitation_mail_days (inviter_id, day, mails) VALUES ($1, $2::date, 1)
       ON CONFLICT (inviter_id, day) DO UPDATE SET mails = invitation_mail_days.mails + 1 WHERE invitation_mail_days.mails < $3
       RETURNING mails`,
      [inviterId, day, limit],
    );
    return rows.length > 0;
  }

  async insert(invitation: Invitation): Promise<void> {
    await this.repo.insert(invitation.toProps());
  }

  async findById(id: string): Promise<Invitation | null> {
    const row = await this.repo.findOneBy({ id });
    return row ? toDomain(row) : null;
  }

  async save(invitation: Invitation): Promise<void> {
    const { id, status, respondedAt } = invitation.toProps();
    await this.repo.update({ id }, { status, respondedAt });
  }

  async listByList(listId: string): Promise<Invitation[]> {
    return (await this.repo.find({ where: { listId }, order: OLDEST_FIRST })).map(toDomain);
  }

  async findPending(listId: string, email: string, now: Date): Promise<Invitation | null> {
    const row = await this.repo.findOneBy({ listId, email, status: 'pending', expiresAt: MoreThan(now) });
    return row ? toDomain(row) : null;
  }

  async countPending(listId: string, now: Date): Promise<number> {
    return this.repo.countBy({ listId, status: 'pending', expiresAt: MoreThan(now) });
  }

  deleteSettledBeyond(listId: string, now: Date, keep: number): Promise<number> {
    const settled = {
      table: 'list_invitations',
      where: `list_id = $1 AND (status <> 'pending' OR expires_at <= $2)`,
      parameters: [listId, now],
      newestFirst: 'created_at DESC, id DESC',
    };
    return deleteBeyondNewest(this.dataSource, settled, keep);
  }

  async listPendingFor(email: string, now: Date, limit: number): Promise<Invitation[]> {
    const where = { email, status: 'pending' as const, expiresAt: MoreThan(now) };
    return (await this.repo.find({ where, order: OLDEST_FIRST, take: limit })).map(toDomain);
  }
}
