import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The failed webhook deliveries, on an index of their own: the metrics count them at every
 * scrape (`todo_webhook_deliveries{state="failed"}`), and the finished deliveries' index
 * (`webhook_deliveries_finished`) holds the succeeded ones too, kept for their retention, which
 * a count of the failed would otherwise walk. A row enters it only when it fails for good.
 */
export class FailedDeliveriesIndex1763801450000 implements MigrationInterface {
  name = 'FailedDeliveriesIndex1763801450000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (updated_at) WHERE status = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_deliveries_failed`);
  }
}
