import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations and share links of lists; both go when their list goes. An invitation's
 * "expired" status is never stored: a pending row past expires_at reads as expired.
 * A share's token is kept so the owner can see it again, but joins look it up by
 * token_hash, so a lookup never compares the secret itself.
 */
export class InvitationsAndShares1763800150000 implements MigrationInterface {
  name = 'InvitationsAndShares1763800150000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE list_invitations (
        id uuid PRIMARY KEY,
        list_id uuid NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('editor', 'viewer')),
        inviter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'revoked')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        responded_at timestamptz
      )`);
    await q.query(`CREATE INDEX list_invitations_list_idx ON list_invitations (list_id, created_at, id)`);
    await q.query(`CREATE INDEX list_invitations_pending_email_idx ON list_invitations (email, created_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE list_shares (
        id uuid PRIMARY KEY,
        list_id uuid NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        token text NOT NULL,
        token_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('editor', 'viewer')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX list_shares_token_hash_uq ON list_shares (token_hash)`);
    await q.query(`CREATE INDEX list_shares_list_idx ON list_shares (list_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE list_shares`);
    await q.query(`DROP TABLE list_invitations`);
  }
}
