import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { aesGcmMailBodyCipher } from '../src/modules/mail/infrastructure/aes-gcm-mail-body-cipher';
import { scanDatabase, tokensInText } from './support/secret-scan';

/**
 * The database half of the e2e run's secrets scan (run by the global teardown on the e2e
 * database), proven on a scratch database of its own with planted secrets.
 */
describe('secrets scan of a database (e2e)', () => {
  const name = `todo_scan_${randomBytes(4).toString('hex')}`;
  let admin: Client;
  let client: Client;

  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_ADMIN_DATABASE_URL!);
    url.pathname = `/${name}`;
    client = new Client({ connectionString: url.toString() });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('finds secrets planted in text, varchar, json and jsonb columns, naming table and column', async () => {
    const key = `sk_live_${randomBytes(32).toString('hex')}`;
    const token = randomBytes(32).toString('base64url');
    const session = randomBytes(32).toString('base64url');
    const password = `pw-${randomBytes(6).toString('hex')}`;
    await client.query('CREATE TABLE clean (id int, note text, body jsonb)');
    await client.query(`CREATE TABLE "Leaky table" (id int, label varchar(200), response json, extra jsonb, n int)`);
    await client.query("INSERT INTO clean VALUES (1, 'nothing here', '{\"a\":1}')");
    await client.query(`INSERT INTO "Leaky table" VALUES (1, $1, $2, NULL, 1), (2, 'fine', '{}', $3, 2)`, [
      `key ${key}`,
      JSON.stringify({ share: { token } }),
      JSON.stringify({ nested: [{ password, session }] }),
    ]);
    const findings = await scanDatabase(client, [
      { kind: 'api key', value: key },
      { kind: 'share token', value: token },
      { kind: 'session', value: session },
      { kind: 'password', value: password },
      { kind: 'api key', value: `sk_live_${randomBytes(32).toString('hex')}` },
    ]);
    expect(findings.map((f) => `${f.where}: ${f.secret.split(' ')[0]}`).sort()).toEqual([
      'column public.Leaky table.extra (row 1 of 1): password',
      'column public.Leaky table.extra (row 1 of 1): session',
      'column public.Leaky table.label (row 1 of 2): api',
      'column public.Leaky table.response (row 1 of 2): share',
    ]);
    expect(JSON.stringify(findings)).not.toContain(key.slice(8));
  });

  it('finds a mailed token in a readable mail body or token column, and not under its hash', async () => {
    const [leaked, hashed] = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
    await client.query('CREATE TABLE outbox_copy (id int, body text, token_hash text)');
    await client.query('INSERT INTO outbox_copy VALUES (1, $1, $2)', [
      `Open this link:\n\nhttps://todo.example/developers#reset=${leaked}\n`,
      createHash('sha256').update(hashed).digest('hex'),
    ]);
    const findings = await scanDatabase(client, [
      { kind: 'mailed token', value: leaked },
      { kind: 'mailed token', value: hashed },
    ]);
    expect(findings.map((f) => f.where)).toEqual(['column public.outbox_copy.body (row 1 of 1)']);
  });

  it('finds the token of a mailed link stored readable, and not the same text sealed as the mail queue stores it', async () => {
    const token = randomBytes(32).toString('base64url');
    const text = `Reset your password: https://todo.example/developers#reset=${token}`;
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await client.query('CREATE TABLE mail_like (id uuid, body_sealed text)');
    await client.query('CREATE TABLE leaky_mail (id uuid, body text)');
    await client.query('INSERT INTO mail_like VALUES ($1, $2)', [id, aesGcmMailBodyCipher(randomBytes(32)).seal(text, id)]);
    await client.query('INSERT INTO leaky_mail VALUES ($1, $2)', [id, text]);
    const secrets = tokensInText(text).map((value) => ({ kind: 'mail token given out', value }));
    expect(secrets.map((secret) => secret.value)).toEqual([token]);
    const findings = await scanDatabase(client, [...secrets, { kind: 'mail body given out', value: text }]);
    expect(findings.map((f) => `${f.where}: ${f.secret.split(' ')[0]}`).sort()).toEqual([
      'column public.leaky_mail.body (row 1 of 1): mail',
      'column public.leaky_mail.body (row 1 of 1): mail',
    ]);
  });
});
