import pg from 'pg';

export default async function globalTeardown() {
  const database = globalThis.__E2E_DATABASE__;
  if (database) {
    const client = new pg.Client({ connectionString: database.adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
  await globalThis.__EMBEDDED_POSTGRES__?.stop();
}
