import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { AccountToken, TokenPurpose } from '../../domain/account-token';
import { AccountTokenRepository } from '../../domain/account-token.repository';

/** The columns of an AccountToken, named as the domain names them. */
const TOKEN_COLUMNS = `id, user_id AS "userId", purpose, token_hash AS "tokenHash", email, resent, created_at AS "createdAt", expires_at AS "expiresAt"`;

/** Plain SQL: a token is spent by one DELETE … RETURNING, which two concurrent spends cannot both win. */
@Injectable()
export class TypeOrmAccountTokenRepository extends AccountTokenRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return managerOf(this.dataSource).query<T>(sql, parameters);
  }

  async insert(token: AccountToken): Promise<void> {
    await this.query(
      `INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, resent, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [token.id, token.userId, token.purpose, token.tokenHash, token.email, token.resent, token.createdAt, token.expiresAt],
    );
  }

  async insertForEmail(token: Omit<AccountToken, 'userId'>, spentBefore: Date): Promise<string | null> {
    const rows = await this.query<Array<{ userId: string }>>(
      `WITH account AS (SELECT id FROM users WHERE lower(email) = lower($4)),
       spent AS (DELETE FROM account_tokens t USING account WHERE t.user_id = account.id AND t.expires_at < $8)
       INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, resent, created_at, expires_at)
       SELECT $1, account.id, $2, $3, lower($4), $5, $6, $7 FROM account
       RETURNING user_id AS "userId"`,
      [token.id, token.purpose, token.tokenHash, token.email, token.resent, token.createdAt, token.expiresAt, spentBefore],
    );
    return rows[0]?.userId ?? null;
  }

  async findLive(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | null> {
    const rows = await this.query<AccountToken[]>(
      `SELECT ${TOKEN_COLUMNS} FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3`,
      [tokenHash, purpose, now],
    );
    return rows[0] ?? null;
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | null> {
    const [rows] = await this.query<[AccountToken[], number]>(
      `DELETE FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3 RETURNING ${TOKEN_COLUMNS}`,
      [tokenHash, purpose, now],
    );
    return rows[0] ?? null;
  }

  async retire(userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
    await this.query(`UPDATE account_tokens SET expires_at = $3 WHERE user_id = $1 AND purpose = $2 AND expires_at > $3`, [
      userId,
      purpose,
      now,
    ]);
  }

  async removeSpent(userId: string, before: Date): Promise<void> {
    await this.query(`DELETE FROM account_tokens WHERE user_id = $1 AND expires_at < $2`, [userId, before]);
  }

  async resentSince(userId: string, since: Date): Promise<Date[]> {
    const rows = await this.query<Array<{ createdAt: Date }>>(
      `SELECT created_at AS "createdAt" FROM account_tokens
       WHERE user_id = $1 AND purpose = 'verify-email' AND resent AND created_at >= $2 ORDER BY created_at`,
      [userId, since],
    );
    return rows.map((row) => row.createdAt);
  }

  /** The account's row, locked for the transaction: the resend count and its insert go one account at a time. */
  async lockAccount(userId: string): Promise<void> {
    await this.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  }
}
