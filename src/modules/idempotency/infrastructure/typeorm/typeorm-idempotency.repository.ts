import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { IdempotencyClaim, IdempotencyRepository, StoredOutcome } from '../../domain/idempotency.repository';
import { IdempotencyKeyOrmEntity } from './idempotency-key.orm-entity';

/**
 * Idempotency records in PostgreSQL. Every statement goes through managerOf: the claim
 * must belong to the transaction that runs the request, or it would not roll back with it.
 */
@Injectable()
export class TypeOrmIdempotencyRepository extends IdempotencyRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * The INSERT is the lock: against a row another transaction inserted and has not yet
   * committed, it blocks on the primary key until that transaction ends. If it
   * committed, ON CONFLICT updates nothing unless the row has expired, and the row is
   * read back by a second statement (a new snapshot, which sees the commit; the
   * INSERT's own snapshot predates it). If it rolled back, the INSERT succeeds. A
   * committed row without a response cannot come from this code (the claim and its
   * response commit together), only from a version that leaked transactions across
   * requests; such a row proves nothing happened, so it is taken over, never replayed. Only if
   * the row vanished between the two statements (the expiry sweep) is the claim tried again.
   */
  async claim(claim: IdempotencyClaim, expiredBefore: Date): Promise<StoredOutcome | null> {
    const manager = managerOf(this.dataSource);
    for (;;) {
      const taken: unknown[] = await manager.query(
        `INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, response = NULL
          WHERE idempotency_keys.created_at <= $5 OR idempotency_keys.response IS NULL
         RETURNING 1`,
        [claim.userId, claim.key, claim.fingerprint, claim.createdAt, expiredBefore],
      );
      if (taken.length > 0) return null;
      const held = await manager.getRepository(IdempotencyKeyOrmEntity).findOneBy({ userId: claim.userId, key: claim.key });
      if (held) return { fingerprint: held.fingerprint, response: held.response };
    }
  }

  async complete(userId: string, key: string, response: unknown): Promise<void> {
    await managerOf(this.dataSource).query('UPDATE idempotency_keys SET response = $3::json WHERE user_id = $1 AND key = $2', [
      userId,
      key,
      JSON.stringify(response),
    ]);
  }

  async deleteAllOf(userId: string, keep: string | null): Promise<number> {
    const [row] = await managerOf(this.dataSource).query<Array<{ deleted: number }>>(
      `WITH gone AS (DELETE FROM idempotency_keys WHERE user_id = $1 AND key IS DISTINCT FROM $2 RETURNING 1)
       SELECT count(*)::integer AS deleted FROM gone`,
      [userId, keep],
    );
    return row.deleted;
  }

  async deleteExpired(before: Date): Promise<number> {
    const result = await managerOf(this.dataSource)
      .getRepository(IdempotencyKeyOrmEntity)
      .delete({ createdAt: LessThanOrEqual(before) });
    return result.affected ?? 0;
  }
}
