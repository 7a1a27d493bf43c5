import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { Share } from '../../domain/share';
import { ShareRepository } from '../../domain/share.repository';
import { ShareOrmEntity } from './share.orm-entity';
import { deleteBeyondNewest } from '../../../../common/persistence/delete-beyond-newest';

const toDomain = (row: ShareOrmEntity): Share => Share.restore({ ...row });

@Injectable()
export class TypeOrmShareRepository extends ShareRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get repo() {
    return managerOf(this.dataSource).getRepository(ShareOrmEntity);
  }

  async insert(share: Share): Promise<void> {
    await this.repo.insert(share.toProps());
  }

  async findById(id: string): Promise<Share | null> {
    const row = await this.repo.findOneBy({ id });
    return row ? toDomain(row) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<Share | null> {
    const row = await this.repo.findOneBy({ tokenHash });
    return row ? toDomain(row) : null;
  }

  async listByList(listId: string): Promise<Share[]> {
    return (await this.repo.find({ where: { listId }, order: { createdAt: 'ASC', id: 'ASC' } })).map(toDomain);
  }

  async countUsable(listId: string, now: Date): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await managerOf(this.dataSource).query(
      `SELECT count(*)::int AS n FROM list_shares
        WHERE list_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [listId, now],
    );
    return n;
  }

  deleteUnusableBeyond(listId: string, now: Date, keep: number): Promise<number> {
    const unusable = {
      table: 'list_shares',
      where: 'list_id = $1 AND (revoked_at IS NOT NULL OR expires_at <= $2)',
      parameters: [listId, now],
      newestFirst: 'created_at DESC, id DESC',
    };
    return deleteBeyondNewest(this.dataSource, unusable, keep);
  }

  async save(share: Share): Promise<void> {
    const { id, revokedAt } = share.toProps();
    await this.repo.update({ id }, { revokedAt });
  }
}
