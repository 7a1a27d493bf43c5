import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { AttemptSubject, SignInAttempt, SignInAttemptRepository } from '../../domain/sign-in-attempt.repository';
import { SignInAttemptOrmEntity } from './sign-in-attempt.orm-entity';

/** A signed 64-bit advisory-lock key for a name (pg_advisory_xact_lock takes a bigint). */
const lockKey = (name: string): bigint => createHash('sha256').update(`sign-in:${name}`).digest().readBigInt64BE(0);

@Injectable()
export class TypeOrmSignInAttemptRepository extends SignInAttemptRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get manager() {
    return managerOf(this.dataSource);
  }

  /**
   * Transaction-scoped advisory locks, taken in ascending key order so that two
   * attempts sharing either subject can never deadlock each other.
   */
  async lockSubjects(loginKey: string, address: string): Promise<void> {
    const keys = [lockKey(`login:${loginKey}`), lockKey(`address:${address}`)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const key of keys) await this.manager.query('SELECT pg_advisory_xact_lock($1::bigint)', [key.toString()]);
  }

  async timesFor(subject: AttemptSubject, value: string, since: Date): Promise<Date[]> {
    const rows = await this.manager.getRepository(SignInAttemptOrmEntity).find({
      select: { at: true },
      where: { ...(subject === 'login' ? { loginKey: value } : { address: value }), at: MoreThanOrEqual(since) },
      order: { at: 'ASC' },
    });
    return rows.map((row) => row.at);
  }

  async add(attempt: SignInAttempt): Promise<void> {
    await this.manager.getRepository(SignInAttemptOrmEntity).insert({ ...attempt });
  }

  async remove(id: string): Promise<void> {
    await this.manager.getRepository(SignInAttemptOrmEntity).delete({ id });
  }

  async removeOlderThan(before: Date): Promise<void> {
    await this.manager.getRepository(SignInAttemptOrmEntity).delete({ at: LessThan(before) });
  }
}
