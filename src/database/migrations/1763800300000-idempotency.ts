import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key records, one per account and key. The primary key is what makes a
 * concurrent repeat wait: its INSERT blocks on the unique index until the first
 * request's transaction ends. `response` is the `data` of the stored 200 (json, not
 * jsonb, so it is replayed byte for byte in its original field order); it is null only
 * inside the transaction that is still running the request.
 */
export class Idempotency1763800300000 implements MigrationInterface {
  name = 'Idempotency1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
        fingerprint text NOT NULL,
        response json,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
