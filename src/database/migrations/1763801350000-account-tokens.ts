import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * Accounts prove their email (API.md section 12).
 *
 * `users.email_verified` starts false for every account, those that exist already included:
 * until now an account's email was whatever its owner typed, and an account that typed
 * someone else's address to collect their invitations must not be vouched for by a migration.
 * Their owners verify from the developer page (or by a password reset); their pending
 * invitations show again as soon as they do.
 *
 * `account_tokens`: the single-use tokens of email verification and password reset, stored
 * only as a SHA-256 of the token. `email` is the address a verification token proves, so a
 * link mailed to an earlier address cannot verify a later one. `resent` marks the tokens of
 * `resend-verification`, which the hourly resend limit counts.
 *
 * `invitation_mail_days`: invitation mails per inviter per UTC day, the count the daily limit
 * checks; a count, not the invitations themselves, because those are deleted (settled ones
 * beyond the kept few, or with their list) while the mails they caused were still sent.
 */
export class AccountTokens1763801350000 implements MigrationInterface {
  name = 'AccountTokens1763801350000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE account_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify-email', 'password-reset')),
        token_hash text NOT NULL,
        email text NOT NULL,
        resent boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX account_tokens_token_hash_uq ON account_tokens (token_hash)`);
    await q.query(`CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose, created_at)`);
    await q.query(`
      CREATE TABLE invitation_mail_days (
        inviter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        day date NOT NULL,
        mails integer NOT NULL,
        PRIMARY KEY (inviter_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`DROP TABLE invitation_mail_days`);
    await q.query(`DROP TABLE account_tokens`);
    await q.query(`ALTER TABLE users DROP COLUMN email_verified`);
  }
}
