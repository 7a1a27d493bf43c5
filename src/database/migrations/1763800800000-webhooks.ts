import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints and their deliveries (API.md section 8). Signing secrets are stored only
 * sealed (AES-256-GCM under a key kept outside the database: WEBHOOK_SECRET_KEY or a key file),
 * so a dump of this table signs nothing. `webhook_deliveries` is also the delivery queue every
 * instance shares: a worker leases due rows (`locked_until`) with FOR UPDATE SKIP LOCKED.
 */
export class Webhooks1763800800000 implements MigrationInterface {
  name = 'Webhooks1763800800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        url text NOT NULL CHECK (char_length(url) <= 2048),
        types text[],
        -- No foreign key: a webhook of one list outlives it, to hear its list.deleted.
        list_id uuid,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        secret_sealed text NOT NULL,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz,
        created_at timestamptz NOT NULL,
        first_failure_at timestamptz,
        disabled_reason text
      )`);
    await q.query(`CREATE INDEX webhooks_user_created ON webhooks (user_id, created_at, id)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_id text NOT NULL,
        event_type text NOT NULL,
        payload text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_status_code integer,
        last_error text,
        next_attempt_at timestamptz,
        locked_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (webhook_id, event_id)
      )`);
    // The claim query: due pending deliveries, oldest due first.
    await q.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    // The retention sweep: finished deliveries by age.
    await q.query(`CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (updated_at) WHERE status <> 'pending'`);
    // GET /v1/webhooks/:id/deliveries: newest first, keyset.
    await q.query(`CREATE INDEX webhook_deliveries_listing ON webhook_deliveries (webhook_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhooks`);
  }
}
