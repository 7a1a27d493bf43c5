import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * Secrets the service makes for itself and every instance must share, such as the key that
 * signs pagination cursors when CURSOR_SECRET is not set (src/common/paging/cursor-secret.ts).
 * One row per purpose, written once by whichever instance needs it first.
 */
export class ServiceSecrets1763800500000 implements MigrationInterface {
  name = 'ServiceSecrets1763800500000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`
      CREATE TABLE service_secrets (
        name text PRIMARY KEY,
        value bytea NOT NULL CHECK (octet_length(value) >= 32),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`DROP TABLE service_secrets`);
  }
}
