import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

export class AccountsAndKeys1763800000000 implements MigrationInterface {
  name = 'AccountsAndKeys1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        username text NOT NULL,
        name text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX users_username_uq ON users (username)`);
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        label text NOT NULL,
        prefix text NOT NULL,
        last4 text NOT NULL,
        key_hash text NOT NULL,
        scopes text[] NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'revoked')),
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX api_keys_key_hash_uq ON api_keys (key_hash)`);
    await q.query(`CREATE INDEX api_keys_user_created_idx ON api_keys (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`DROP TABLE api_keys`);
    await q.query(`DROP TABLE users`);
  }
}
