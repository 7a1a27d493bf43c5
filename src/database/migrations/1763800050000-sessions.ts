import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * Developer-page sessions (only a SHA-256 of each cookie token is stored) and the
 * sign-in attempts that the failed-sign-in limit counts, shared by every instance.
 */
export class Sessions1763800050000 implements MigrationInterface {
  name = 'Sessions1763800050000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX sessions_token_hash_uq ON sessions (token_hash)`);
    await q.query(`CREATE INDEX sessions_user_expires_idx ON sessions (user_id, expires_at)`);
    await q.query(`
      CREATE TABLE sign_in_attempts (
        id uuid PRIMARY KEY,
        login_key text NOT NULL,
        address text NOT NULL,
        attempted_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sign_in_attempts_login_idx ON sign_in_attempts (login_key, attempted_at)`);
    await q.query(`CREATE INDEX sign_in_attempts_address_idx ON sign_in_attempts (address, attempted_at)`);
    await q.query(`CREATE INDEX sign_in_attempts_at_idx ON sign_in_attempts (attempted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`DROP TABLE sign_in_attempts`);
    await q.query(`DROP TABLE sessions`);
  }
}
