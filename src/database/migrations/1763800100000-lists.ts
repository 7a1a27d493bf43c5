import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lists and their members. The owner is lists.owner_id and is not repeated in
 * list_members. item_count and open_item_count are kept exact by the items module,
 * in the same statement that changes the items, so reading a list never counts rows.
 */
export class Lists1763800100000 implements MigrationInterface {
  name = 'Lists1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lists (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        item_count integer NOT NULL DEFAULT 0 CHECK (item_count >= 0),
        open_item_count integer NOT NULL DEFAULT 0 CHECK (open_item_count >= 0 AND open_item_count <= item_count),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX lists_owner_name_uq ON lists (owner_id, lower(name))`);
    await q.query(`CREATE INDEX lists_owner_created_idx ON lists (owner_id, created_at, id)`);
    await q.query(`
      CREATE TABLE list_members (
        list_id uuid NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('editor', 'viewer')),
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (list_id, user_id)
      )`);
    await q.query(`CREATE INDEX list_members_user_idx ON list_members (user_id, list_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE list_members`);
    await q.query(`DROP TABLE lists`);
  }
}
