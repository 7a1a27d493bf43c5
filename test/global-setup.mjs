// Starts one PostgreSQL for the whole e2e run (embedded, unless DATABASE_URL names a
// server) and creates a brand-new database on it, so runs never see each other's data.
// The embedded server is the service's own launcher (dist/, built by `npm test`), so the
// suite runs wherever `npm start` runs, as root in a private folder included.
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export default async function globalSetup() {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const launcher = join(ROOT, 'dist', 'database', 'embedded-postgres.js');
    if (!existsSync(launcher)) throw new Error('dist/ is missing: run the tests with npm test (which builds it), or npm run build first');
    const require = createRequire(import.meta.url);
    const { startTemporaryPostgres } = require(launcher);
    const pino = require('pino');
    const server = await startTemporaryPostgres(
      ['-c', 'max_connections=300', '-c', 'fsync=off'],
      pino({ level: 'warn' }, pino.destination(2)),
      { systemDir: process.env.EMBEDDED_PG_SYSTEM_DIR || undefined },
    );
    globalThis.__EMBEDDED_POSTGRES__ = server;
    adminUrl = server.url;
    process.stdout.write(`\n[e2e] embedded PostgreSQL on port ${server.port}\n`);
  } else {
    process.stdout.write(`\n[e2e] using the PostgreSQL server of DATABASE_URL\n`);
  }

  const name = `todo_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  globalThis.__E2E_DATABASE__ = { adminUrl, name, url: url.toString() };
  // The secrets ledger: specs record secrets and log lines here for the scan in the teardown.
  // scrypt at N = 2^12 instead of 2^17 keeps sign-ups fast; allowed only under NODE_ENV=test.
  process.env.PASSWORD_SCRYPT_COST ??= '12';
  process.env.TEST_SECRETS_DIR = await mkdtemp(join(tmpdir(), 'todo-e2e-secrets-'));
  process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
  process.env.DATABASE_URL = url.toString();
}
