import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * The requests of each key per UTC day and status class, added to by each instance's flush
 * (at most once a minute) rather than written per request. A key's rows go with the key.
 */
export class KeyUsage1763801250000 implements MigrationInterface {
  name = 'KeyUsage1763801250000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`
      CREATE TABLE key_usage_days (
        key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
        day date NOT NULL,
        count_2xx bigint NOT NULL DEFAULT 0,
        count_4xx bigint NOT NULL DEFAULT 0,
        count_429 bigint NOT NULL DEFAULT 0,
        count_5xx bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day)
      )`);
    // The janitor deletes by day alone.
    await q.query(`CREATE INDEX key_usage_days_day_idx ON key_usage_days (day)`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`DROP TABLE key_usage_days`);
  }
}
