// The secrets scan of the e2e run (CommonJS, so that both the Jest global teardown, plain
// Node, and the TypeScript specs can load it). Specs record every secret they create or send
// (test/support/secret-ledger.ts) and every log line their apps write; after the run the
// teardown looks for each secret in all captured log text and in every text/json column of
// every table of the e2e database, and fails naming where it found one (never printing it).
'use strict';
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** Shorter values are not worth scanning for (they would match by chance): passwords are 10+. */
const MIN_SECRET_LENGTH = 10;
const PROBE = 8;

/** How a secret is named in a finding: its kind, first characters and length, never all of it. */
function describeSecret(secret) {
  return `${secret.kind} ${JSON.stringify(secret.value.slice(0, 4) + '…')} (${secret.value.length} characters)`;
}

/**
 * Finds every recorded secret inside the given texts. `texts` yields `{ where, text }`;
 * `secrets` is `[{ kind, value }]`. Each text is read once: every position is probed by its
 * first characters against an index of the secrets, so thousands of secrets over a large
 * table stay cheap. Returns `[{ where, secret }]` with `secret` described, not shown.
 */
function findSecrets(texts, secrets) {
  const index = new Map();
  const seen = new Set();
  for (const secret of secrets) {
    if (typeof secret.value !== 'string' || secret.value.length < MIN_SECRET_LENGTH || seen.has(secret.value)) continue;
    seen.add(secret.value);
    const probe = secret.value.slice(0, PROBE);
    if (!index.has(probe)) index.set(probe, []);
    index.get(probe).push(secret);
  }
  const findings = [];
  if (index.size === 0) return findings;
  for (const { where, text } of texts) {
    if (typeof text !== 'string' || text.length < MIN_SECRET_LENGTH) continue;
    const found = new Set();
    for (let at = 0; at + PROBE <= text.length; at += 1) {
      const candidates = index.get(text.slice(at, at + PROBE));
      if (!candidates) continue;
      for (const secret of candidates) {
        if (!found.has(secret.value) && text.startsWith(secret.value, at)) {
          found.add(secret.value);
          findings.push({ where, secret: describeSecret(secret) });
        }
      }
    }
  }
  return findings;
}

/** Every text, varchar, char, json and jsonb column of every table of the connected database. */
async function* databaseTexts(client) {
  const { rows: columns } = await client.query(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
      ORDER BY 1, 2, 3`,
  );
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const quoted = (name) => `"${name.replace(/"/g, '""')}"`;
    const { rows } = await client.query(
      `SELECT ${quoted(column)}::text AS value FROM ${quoted(schema)}.${quoted(table)} WHERE ${quoted(column)} IS NOT NULL`,
    );
    for (const [i, row] of rows.entries())
      yield { where: `column ${schema}.${table}.${column} (row ${i + 1} of ${rows.length})`, text: row.value };
  }
}

async function scanDatabase(client, secrets) {
  const texts = [];
  for await (const text of databaseTexts(client)) texts.push(text);
  return findSecrets(texts, secrets);
}

/** The secrets and log files the specs of this run wrote into `dir`. */
function readLedger(dir) {
  const secrets = [];
  const logs = [];
  for (const name of readdirSync(dir).sort()) {
    const content = readFileSync(join(dir, name), 'utf8');
    if (name.startsWith('secrets-')) {
      for (const line of content.split('\n')) if (line) secrets.push(JSON.parse(line));
    } else if (name.startsWith('logs-')) {
      content.split('\n').forEach((line, i) => line && logs.push({ where: `log ${name} line ${i + 1}`, text: line }));
    }
  }
  return { secrets, logs };
}

const TOKEN_LIKE = /[A-Za-z0-9_-]{22,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The single-use tokens in a mail's text (the links of verification, reset and invitation
 * mail): every run of 22 or more URL-safe characters (128 bits in base64url) with a letter
 * and either a digit or both cases, ids (UUIDs) aside: plain words and numbers are left alone. The mailbox's answers are read with it, so the scan
 * proves each mailed token stored only as a hash and never logged.
 */
function tokensInText(text) {
  return [...new Set(String(text).match(TOKEN_LIKE) ?? [])].filter(
    (word) => /[A-Za-z]/.test(word) && (/\d/.test(word) || (/[a-z]/.test(word) && /[A-Z]/.test(word))) && !UUID.test(word),
  );
}

/** One readable report; the secrets themselves are never in it. */
function formatFindings(findings) {
  const shown = findings.slice(0, 50).map((f) => `  - ${f.secret} in ${f.where}`);
  const more = findings.length > 50 ? [`  … and ${findings.length - 50} more`] : [];
  return [`SECRETS SCAN FAILED: ${findings.length} secret(s) found where none may be:`, ...shown, ...more].join('\n');
}

module.exports = { findSecrets, scanDatabase, readLedger, formatFindings, describeSecret, tokensInText, MIN_SECRET_LENGTH };
