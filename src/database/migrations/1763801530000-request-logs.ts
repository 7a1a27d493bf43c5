import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request log: a line per /v1/ and /mcp request made with a key, kept 24 hours, written by
 * each instance's buffer in one statement a second. In both modes' schemas: a test key's
 * requests are logged in the sandbox. No foreign key: a line only ever names the account and
 * key that made it, is read by that account alone and is gone within a day, and the batches'
 * inserts skip the look-ups a reference would cost.
 */
export class RequestLogs1763801530000 implements MigrationInterface {
  name = 'RequestLogs1763801530000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE request_logs (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        key_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        method text NOT NULL,
        route text NOT NULL,
        path text NOT NULL,
        status smallint NOT NULL,
        duration_ms integer NOT NULL,
        request_id text NOT NULL,
        request_body text,
        request_body_truncated boolean NOT NULL DEFAULT false,
        response_body text,
        response_body_truncated boolean NOT NULL DEFAULT false
      )`);
    // The page: an account's lines, newest first.
    await q.query(`CREATE INDEX request_logs_account_idx ON request_logs (user_id, created_at DESC, id DESC)`);
    // The janitor deletes by age alone.
    await q.query(`CREATE INDEX request_logs_created_idx ON request_logs (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE request_logs`);
  }
}
