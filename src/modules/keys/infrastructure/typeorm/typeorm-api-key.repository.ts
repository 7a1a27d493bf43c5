import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import { managerOf, runInTransaction } from '../../../../common/persistence/typeorm-unit-of-work';
import { ApiKey } from '../../domain/api-key';
import { ApiKeyRepository } from '../../domain/api-key.repository';
import { ApiKeyOrmEntity } from './api-key.orm-entity';
import { deleteBeyondNewest } from '../../../../common/persistence/delete-beyond-newest';

const toDomain = (row: ApiKeyOrmEntity): ApiKey => ApiKey.restore({ ...row });

/** The columns of an ApiKey, named as the domain names them (for plain SQL on per-request paths). */
const KEY_COLUMNS = `id, user_id AS "userId", label, prefix, last4, key_hash AS "keyHash", scopes, mode,
  list_ids AS "listIds", expires_at AS "expiresAt", allowed_ips AS "allowedIps", status,
  created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** The account's keys neither revoked nor expired at $2, but $3 (a key being replaced; null: none). */
const COUNT_ACTIVE = `SELECT count(*)::int AS active FROM api_keys
  WHERE user_id = $1 AND status = 'active' AND (expires_at IS NULL OR expires_at > $2) AND id IS DISTINCT FROM $3`;

const FIND_BY_HASH = new NamedStatement('api_keys_find_by_hash', `SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`);
const FIND_MANY_BY_HASH = new NamedStatement(
  'api_keys_find_many_by_hash',
  `SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ANY($1::text[])`,
);

@Injectable()
export class TypeOrmApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get repo() {
    return managerOf(this.dataSource).getRepository(ApiKeyOrmEntity);
  }

  insertIfBelowLimit(key: ApiKey, maxActive: number): Promise<boolean> {
    return this.insertBelowLimit(key, maxActive, null, async () => undefined);
  }

  insertReplacing(replacement: ApiKey, replaced: ApiKey, maxActive: number): Promise<boolean> {
    return this.insertBelowLimit(replacement, maxActive, replaced.id, async (manager) => {
      // Only the expiry, and only forward: a revocation or an earlier expiry saved meanwhile stands.
      await manager.query('UPDATE api_keys SET expires_at = LEAST(expires_at, $2) WHERE id = $1', [replaced.id, replaced.expiresAt]);
    });
  }

  /** Inserts `key` unless the account has `maxActive` active keys besides `except`, then runs `andThen`; one transaction. */
  private insertBelowLimit(
    key: ApiKey,
    maxActive: number,
    except: string | null,
    andThen: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    const props = key.toProps();
    const insert = async (manager: EntityManager) => {
      // Locking the account row makes concurrent creations for one account take turns,
      // so the count below cannot be overtaken.
      await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [props.userId]);
      const [{ active }]: Array<{ active: number }> = await manager.query(COUNT_ACTIVE, [props.userId, props.createdAt, except]);
      if (active >= maxActive) return false;
      await manager.getRepository(ApiKeyOrmEntity).insert(props);
      await andThen(manager);
      return true;
    };
    const outer = managerOf(this.dataSource);
    return outer.queryRunner?.isTransactionActive ? insert(outer) : runInTransaction(this.dataSource, insert);
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = await this.repo.findOneBy({ id });
    return row ? toDomain(row) : null;
  }

  /** Every request whose key is not in the cache: plain SQL, not the query builder. */
  async findByHash(keyHash: string): Promise<ApiKey | null> {
    const rows = await FIND_BY_HASH.run<ApiKeyOrmEntity>(this.dataSource, [keyHash]);
    return rows[0] ? toDomain(rows[0]) : null;
  }

  async findManyByHash(keyHashes: readonly string[]): Promise<ApiKey[]> {
    const rows = await FIND_MANY_BY_HASH.run<ApiKeyOrmEntity>(this.dataSource, [keyHashes]);
    return rows.map(toDomain);
  }

  async listByUser(userId: string): Promise<ApiKey[]> {
    const rows = await this.repo.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toDomain);
  }

  deleteRevokedBeyond(userId: string, keep: number): Promise<number> {
    const revoked = {
      table: 'api_keys',
      where: `user_id = $1 AND status = 'revoked'`,
      parameters: [userId],
      newestFirst: 'revoked_at DESC, id DESC',
    };
    return deleteBeyondNewest(this.dataSource, revoked, keep);
  }

  async save(key: ApiKey): Promise<void> {
    await this.repo.save(key.toProps());
  }

  async touchLastUsed(id: string, at: Date, resolutionMs: number): Promise<void> {
    // One conditional statement: the check and the write cannot interleave with another instance's.
    await managerOf(this.dataSource).query(
      'UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)',
      [id, at, new Date(at.getTime() - resolutionMs)],
    );
  }
}
