import { MigrationInterface, QueryRunner } from 'typeorm';
import { foldKey } from '../../common/text/fold-key';

/** Rows read and rewritten per statement: a bounded amount of memory and of each statement's work. */
const BATCH = 2_000;
/** LIST_NAME_MAX (code points) when this migration was written. */
const NAME_MAX = 100;

/**
 * One comparison rule for list names and item texts: NFC, then Unicode full case folding
 * (src/common/text/fold-key.ts). Before, item texts were keyed with upper- then
 * lower-casing in JavaScript and list names with PostgreSQL's lower(), so "Straße" and
 * "STRASSE" were the same item but two different list names.
 *
 * The fold is computed in TypeScript (PostgreSQL has no full case folding, and lower()
 * depends on the collation), so it cannot be a generated column or an expression index:
 * lists get a stored `name_key`, the unique index moves to it, and items' `text_key` is
 * rewritten with the new rule. Both are filled by reading and rewriting rows in batches in
 * id order (keyset), each batch one UPDATE from unnest().
 *
 * Lists whose names were distinct under lower() but equal under the new rule (the same
 * owner's "Straße" and "STRASSE") would break the unique index. The oldest keeps its name;
 * each later one is renamed to "name (2)", "name (3)", … (the first number free for that
 * owner), so that no list is lost and the migration cannot fail on existing data.
 */
export class CaseFoldedKeys1763800600000 implements MigrationInterface {
  name = 'CaseFoldedKeys1763800600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lists ADD COLUMN name_key text`);
    await rekey(q, 'lists', 'name', 'name_key', foldKey);
    await renameClashes(q);
    await q.query(`ALTER TABLE lists ALTER COLUMN name_key SET NOT NULL`);
    await q.query(`DROP INDEX lists_owner_name_uq`);
    // Same name as before: the repository maps its violation to DUPLICATE_LIST_NAME.
    await q.query(`CREATE UNIQUE INDEX lists_owner_name_uq ON lists (owner_id, name_key)`);
    await rekey(q, 'items', 'text', 'text_key', foldKey);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX lists_owner_name_uq`);
    await q.query(`CREATE UNIQUE INDEX lists_owner_name_uq ON lists (owner_id, lower(name))`);
    await q.query(`ALTER TABLE lists DROP COLUMN name_key`);
    // The previous rule for item texts, as item-text.ts had it (renamed lists keep their new names).
    await rekey(q, 'items', 'text', 'text_key', (text) => text.trim().toUpperCase().toLowerCase());
  }
}

/** Sets `keyColumn` to key(`source`) on every row whose stored key differs, in batches by id. */
async function rekey(q: QueryRunner, table: string, source: string, keyColumn: string, key: (value: string) => string): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (await q.query(
      `SELECT id, ${source} AS value, ${keyColumn} AS stored FROM ${table} WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
      [after],
    )) as { id: string; value: string; stored: string | null }[];
    if (rows.length === 0) return;
    const changed = rows.filter((row) => key(row.value) !== row.stored);
    if (changed.length > 0) {
      await q.query(`UPDATE ${table} t SET ${keyColumn} = u.key FROM unnest($1::uuid[], $2::text[]) AS u(id, key) WHERE t.id = u.id`, [
        changed.map((row) => row.id),
        changed.map((row) => key(row.value)),
      ]);
    }
    after = rows[rows.length - 1].id;
  }
}

/** Renames every list but the oldest of each (owner, name_key) group of several. */
async function renameClashes(q: QueryRunner): Promise<void> {
  const clashing = (await q.query(
    `SELECT l.id, l.owner_id, l.name, l.name_key FROM lists l
       JOIN (SELECT owner_id, name_key FROM lists GROUP BY owner_id, name_key HAVING count(*) > 1) c
         ON c.owner_id = l.owner_id AND c.name_key = l.name_key
      ORDER BY l.owner_id, l.name_key, l.created_at, l.id`,
  )) as { id: string; owner_id: string; name: string; name_key: string }[];
  const takenBy = new Map<string, Set<string>>();
  let previous: { owner_id: string; name_key: string } | null = null;
  for (const list of clashing) {
    const oldest = !previous || previous.owner_id !== list.owner_id || previous.name_key !== list.name_key;
    previous = list;
    if (oldest) continue;
    let taken = takenBy.get(list.owner_id);
    if (!taken) {
      const keys = (await q.query(`SELECT name_key FROM lists WHERE owner_id = $1`, [list.owner_id])) as { name_key: string }[];
      taken = new Set(keys.map((row) => row.name_key));
      takenBy.set(list.owner_id, taken);
    }
    const name = freeName(list.name, taken);
    taken.add(foldKey(name));
    await q.query(`UPDATE lists SET name = $2, name_key = $3, updated_at = now() WHERE id = $1`, [list.id, name, foldKey(name)]);
  }
}

/** "name (n)" for the first n from 2 whose key is not taken, shortening the name to stay within NAME_MAX. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const base = [...name].slice(0, NAME_MAX - suffix.length).join('');
    const candidate = `${base.trimEnd()}${suffix}`;
    if (!taken.has(foldKey(candidate))) return candidate;
  }
}
