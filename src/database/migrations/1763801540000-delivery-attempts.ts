import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each attempt of a webhook delivery sent and got back, for the delivery inspector on the
 * developer page: the headers sent (signatures cut to their prefix), the receiver's status,
 * headers and the first 4 KiB of its body, and the attempt's timing. Written with the attempt's
 * result; deleted with its delivery. In both modes' schemas, as deliveries are.
 */
export class DeliveryAttempts1763801540000 implements MigrationInterface {
  name = 'DeliveryAttempts1763801540000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        request_headers jsonb,
        status_code smallint,
        response_headers jsonb,
        response_body text,
        response_body_truncated boolean NOT NULL DEFAULT false,
        error text,
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_delivery_attempts`);
  }
}
