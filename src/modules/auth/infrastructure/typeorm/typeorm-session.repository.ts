import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual, Not } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { Session } from '../../domain/session';
import { SessionRepository } from '../../domain/session.repository';
import { SessionOrmEntity } from './session.orm-entity';

@Injectable()
export class TypeOrmSessionRepository extends SessionRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get repo() {
    return managerOf(this.dataSource).getRepository(SessionOrmEntity);
  }

  async insert(session: Session): Promise<void> {
    await this.repo.insert({ ...session });
  }

  async findByTokenHash(tokenHash: string): Promise<Session | null> {
    const row = await this.repo.findOneBy({ tokenHash });
    return row ? { ...row } : null;
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    await this.repo.delete({ tokenHash });
  }

  async deleteExpiredOf(userId: string, now: Date): Promise<void> {
    await this.repo.delete({ userId, expiresAt: LessThanOrEqual(now) });
  }

  async deleteAllOf(userId: string, keepTokenHash?: string): Promise<void> {
    await this.repo.delete(keepTokenHash === undefined ? { userId } : { userId, tokenHash: Not(keepTokenHash) });
  }
}
