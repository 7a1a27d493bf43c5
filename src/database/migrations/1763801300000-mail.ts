import { MigrationInterface, QueryRunner } from 'typeorm';
import { holdsAccounts } from './schema-scope';

/**
 * The mail queue (`src/modules/mail`): one row per message, inserted in the same transaction
 * as the change that causes it, and leased by the mail worker of any instance (`locked_until`,
 * FOR UPDATE SKIP LOCKED) as webhook deliveries are. The body is stored only sealed
 * (AES-256-GCM under a key kept outside the database) and erased once the message went out
 * over SMTP; the development outbox (`status = 'outbox'`) keeps it sealed for the mailbox view.
 * Dead messages keep it so that an operator can send them again.
 */
export class Mail1763801300000 implements MigrationInterface {
  name = 'Mail1763801300000';

  async up(q: QueryRunner): Promise<void> {
    // Account tables: shared by both modes, kept in `public` alone.
    if (!holdsAccounts(q)) return;
    await q.query(`
      CREATE TABLE mail (
        id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (char_length(kind) <= 40),
        recipient text NOT NULL CHECK (char_length(recipient) <= 254),
        subject text NOT NULL CHECK (char_length(subject) <= 200),
        body_sealed text,
        status text NOT NULL CHECK (status IN ('pending', 'sent', 'outbox', 'dead')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz,
        locked_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
        CHECK (status = 'sent' OR body_sealed IS NOT NULL)
      )`);
    // The worker's claim: due pending messages, oldest due first.
    await q.query(`CREATE INDEX mail_due ON mail (next_attempt_at) WHERE status = 'pending'`);
    // The development mailbox: the newest outbox messages.
    await q.query(`CREATE INDEX mail_outbox ON mail (created_at DESC, id DESC) WHERE status = 'outbox'`);
    // The operator's list of dead messages, and the retention sweep of finished ones.
    await q.query(`CREATE INDEX mail_finished ON mail (status, updated_at) WHERE status <> 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!holdsAccounts(q)) return;
    await q.query(`DROP TABLE mail`);
  }
}
