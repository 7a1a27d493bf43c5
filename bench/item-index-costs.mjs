#!/usr/bin/env node
// npm run bench:index-costs — what each index of the items table costs an add, in PostgreSQL
// alone: the write-ahead log (bytes, exact) and the time (one session, so no lock waits and no
// other process on the cores) of inserting 20 items as an add does, into copies of the items
// table that differ by one index each. The copies are built from the migrated schema itself
// (pg_indexes of `items`), so the figures follow the migrations; the variants that are not one
// index less are named below.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch npm run bench:index-costs
//   BENCH_ROUNDS=5 BENCH_ADDS=2000 …      (rounds interleave the variants; adds measured a round)
//
// The database is migrated first if it is not (the project's migrations, as the service runs
// them); the copies live in a schema `index_costs` that is dropped at the end.
//
// Variants besides "without <index>":
//   current                 every index of items
//   before section 13       the columns and indexes of the items table before API.md section 13
//                           (no notes, due, priority, labels, assignee, position, version;
//                           (list_id, seq), (list_id, completed, seq), (list_id, text_key))
//   words as tsvector       the trigram index of texts replaced by a GIN of their words
//                           (to_tsvector('simple', text_key)): what whole-word search would cost
//   trigrams, fastupdate off  the trigram index of texts without its pending list
//   trigrams, pending list 64 MB  the same with a pending list 16 times the default
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, say } from './service.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) {
  say('set BENCH_DATABASE_URL to a PostgreSQL database the benchmark may write (it is migrated if it is not)');
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADDS = Number(process.env.BENCH_ADDS ?? 1000);
const WARMUP = Math.max(50, Math.round(ADDS / 5));
const SCHEMA = 'index_costs';

/** The columns of the items table before section 13 (migration 1763800200000-items.ts and the case-folded key). */
const PRE_13_COLUMNS = [
  'id',
  'list_id',
  'seq',
  'text',
  'text_key',
  'completed',
  'created_at',
  'created_by',
  'completed_at',
  'completed_by',
];
const PRE_13_INDEXES = ['(list_id, seq)', '(list_id, completed, seq)', '(list_id, text_key)'];

async function migrate() {
  process.env.DATABASE_URL = url;
  const dataSource = require(join(root, 'dist', 'database', 'typeorm-cli.data-source.js')).default;
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

/** The variants: a name, the columns of the copy (null: every column of items) and its index definitions. */
function variants(indexes) {
  // On the copy's table, unnamed there (PostgreSQL names it): an index of items keeps its name
  // out, a definition written here has none.
  const onCopy = (definition, table) =>
    definition.replace(
      /^CREATE (UNIQUE )?INDEX (?:\S+ )?ON (ONLY )?(public\.)?items /,
      (_, unique = '') => `CREATE ${unique}INDEX ON ${SCHEMA}.${table} `,
    );
  const secondary = indexes.filter((index) => index.name !== 'items_pkey');
  const textWords = secondary.find((index) => /gin \(text_key gin_trgm_ops\)/.test(index.definition));
  const list = [{ name: 'current', columns: null, indexes: secondary.map((index) => index.definition) }];
  for (const dropped of secondary) {
    list.push({
      name: `without ${dropped.name}`,
      columns: null,
      indexes: secondary.filter((index) => index !== dropped).map((index) => index.definition),
    });
  }
  if (textWords) {
    const others = secondary.filter((index) => index !== textWords).map((index) => index.definition);
    list.push({
      name: 'words as tsvector',
      columns: null,
      indexes: [...others, "CREATE INDEX ON items USING gin (to_tsvector('simple'::regconfig, text_key))"],
    });
    list.push({ name: 'trigrams, fastupdate off', columns: null, indexes: [...others, `${textWords.definition} WITH (fastupdate = off)`] });
    list.push({
      name: 'trigrams, pending list 64 MB',
      columns: null,
      indexes: [...others, `${textWords.definition} WITH (gin_pending_list_limit = 65536)`],
    });
  }
  list.push({
    name: 'before section 13',
    columns: PRE_13_COLUMNS,
    indexes: PRE_13_INDEXES.map((keys) => `CREATE INDEX ON items ${keys}`),
  });
  return list.map((variant, i) => ({ ...variant, table: `v${i}`, indexes: variant.indexes.map((d) => onCopy(d, `v${i}`)) }));
}

async function main() {
  await migrate();
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: indexes } = await db.query(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'items' ORDER BY indexname`,
    );
    await db.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await db.query(`CREATE SCHEMA ${SCHEMA}`);
    const all = variants(indexes);
    for (const v of all) {
      if (v.columns) {
        await db.query(`CREATE TABLE ${SCHEMA}.${v.table} AS SELECT ${v.columns.join(', ')} FROM items WITH NO DATA`);
        await db.query(`ALTER TABLE ${SCHEMA}.${v.table} ALTER completed SET DEFAULT false, ADD PRIMARY KEY (id)`);
      } else {
        await db.query(`CREATE TABLE ${SCHEMA}.${v.table} (LIKE items INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
        await db.query(`ALTER TABLE ${SCHEMA}.${v.table} ADD PRIMARY KEY (id)`);
      }
      for (const definition of v.indexes) await db.query(definition);
    }
    await db.query(`CREATE SEQUENCE ${SCHEMA}.seq`);
    // One add of 20 items as the add statement inserts them (texts of a few words with a number,
    // their folded key, the position domain/position.ts gives), into one of 50 lists in turn;
    // answers the WAL bytes and microseconds per add of `n` adds.
    await db.query(`
      CREATE FUNCTION ${SCHEMA}.adds(p_table text, p_columns text, n integer, OUT wal_bytes double precision, OUT micros double precision)
      LANGUAGE plpgsql AS $f$
      DECLARE t0 timestamptz; l0 pg_lsn; list uuid;
      BEGIN
        l0 := pg_current_wal_insert_lsn();
        t0 := clock_timestamp();
        FOR i IN 1..n LOOP
          list := ('00000000-0000-4000-8000-' || lpad((1 + i % 50)::text, 12, '0'))::uuid;
          EXECUTE format($i$INSERT INTO ${SCHEMA}.%I (%s)
            SELECT gen_random_uuid(), $1, s, t, lower(t), now(), '00000000-0000-4000-8000-000000000001'::uuid%s
              FROM (SELECT s, (ARRAY['Buy', 'Call', 'Email', 'Fix', 'Book'])[1 + mod(s, 5)] || ' the '
                           || (ARRAY['milk', 'plumber', 'Dentist', 'tickets', 'report'])[1 + mod(s / 5, 5)] || ' ' || s AS t
                      FROM (SELECT nextval('${SCHEMA}.seq') AS s FROM generate_series(1, 20)) g) r$i$,
            p_table, p_columns, CASE WHEN p_columns LIKE '%position%' THEN $p$, now(), lpad(to_hex(s), 16, '0') || 'V'$p$ ELSE '' END) USING list;
        END LOOP;
        micros := extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
        wal_bytes := (pg_current_wal_insert_lsn() - l0) / n;
      END $f$`);
    const results = new Map(all.map((v) => [v.name, { wal: [], micros: [] }]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const v of all) {
        const columns = `id, list_id, seq, text, text_key, created_at, created_by${v.columns ? '' : ', updated_at, position'}`;
        await db.query(`TRUNCATE ${SCHEMA}.${v.table}`);
        await db.query(`SELECT * FROM ${SCHEMA}.adds($1, $2, $3)`, [v.table, columns, WARMUP]);
        const { rows } = await db.query(`SELECT * FROM ${SCHEMA}.adds($1, $2, $3)`, [v.table, columns, ADDS]);
        results.get(v.name).wal.push(rows[0].wal_bytes);
        results.get(v.name).micros.push(rows[0].micros);
      }
      say(`round ${round} of ${ROUNDS} done`);
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const current = results.get('current');
    const [walCurrent, microsCurrent] = [median(current.wal), median(current.micros)];
    console.log(`\nAn add of 20 items into a copy of the items table, PostgreSQL alone (${ROUNDS} rounds of ${ADDS} adds, medians):\n`);
    console.log('| Variant | WAL bytes an add | of current | µs an add | of current |');
    console.log('|---|---|---|---|---|');
    for (const v of all) {
      const r = results.get(v.name);
      const [wal, micros] = [median(r.wal), median(r.micros)];
      console.log(
        `| ${v.name} | ${Math.round(wal).toLocaleString('en')} | ${(wal / walCurrent).toFixed(2)} | ${Math.round(micros)} | ${(micros / microsCurrent).toFixed(2)} |`,
      );
    }
  } finally {
    await db.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await db.end();
  }
}

main().catch((error) => {
  say(error.stack ?? String(error));
  process.exit(1);
});
