import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * Restricted keys (API.md section 9): a key's mode, lists, expiry and addresses. The defaults
 * are what every existing key already was (live, every list, no expiry, anywhere; its
 * `scopes` column already holds all five), so an existing key behaves exactly as before, and
 * an instance of an earlier release inserting keys without these columns writes the same.
 * An expired key stays `active` in `status`: expiry is a matter of time (`expires_at`), read
 * against the clock, never a write that every instance would have to make at the right moment.
 */
export class RestrictedKeys1763801200000 implements MigrationInterface {
  name = 'RestrictedKeys1763801200000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test')),
        ADD COLUMN list_ids uuid[],
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN allowed_ips text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`ALTER TABLE api_keys DROP COLUMN mode, DROP COLUMN list_ids, DROP COLUMN expires_at, DROP COLUMN allowed_ips`);
  }
}
