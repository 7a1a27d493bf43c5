import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share-link tokens are no longer kept: only their SHA-256 (token_hash, what joins look up)
 * stays, so a copy of the database cannot be used to join lists. Existing links keep
 * working; their tokens simply cannot be shown again. Stored Idempotency-Key responses of
 * link creations lose their copy of the token too (replays show `"token": null`).
 */
export class ShareTokensHashedOnly1763800560000 implements MigrationInterface {
  name = 'ShareTokensHashedOnly1763800560000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE list_shares DROP COLUMN token`);
    await q.query(`
      UPDATE idempotency_keys
         SET response = jsonb_set(response::jsonb, '{share,token}', 'null'::jsonb)::json
       WHERE json_typeof(response -> 'share' -> 'token') = 'string'`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The tokens are gone for good: the column comes back empty.
    await q.query(`ALTER TABLE list_shares ADD COLUMN token text`);
  }
}
