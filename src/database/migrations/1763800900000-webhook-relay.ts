import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far the webhook relay has read the events outbox (API.md section 8): one row, the
 * (txid, seq) position of the last event it turned into deliveries. Every instance runs the
 * relay; the one that locks this row (FOR UPDATE SKIP LOCKED) relays, the others skip, so an
 * event is fanned out once, and the position moves in the same statement as the deliveries
 * it stands for.
 */
export class WebhookRelay1763800900000 implements MigrationInterface {
  name = 'WebhookRelay1763800900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_relay_position (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        txid xid8 NOT NULL,
        seq bigint NOT NULL
      )`);
    // From the present: events recorded before webhooks existed have no webhook to go to.
    await q.query(`
      INSERT INTO webhook_relay_position (txid, seq)
      SELECT COALESCE(last.txid, '0'::xid8), COALESCE(last.seq, 0)
        FROM (SELECT 1) AS one
        LEFT JOIN (SELECT txid, seq FROM events ORDER BY txid DESC, seq DESC LIMIT 1) AS last ON true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_relay_position`);
  }
}
