import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MailQueue, type OutgoingMail } from '../src/common/ports/mail-queue';
import { UnitOfWork } from '../src/common/ports/unit-of-work';
import { JITTER } from '../src/common/outbox/retry-schedule';
import { MAIL_RETRY_DELAYS_MS } from '../src/modules/mail/domain/mail-retry';
import { closeDatabase, openDatabase } from '../src/database/data-source';
import { TypeOrmMailRepository } from '../src/modules/mail/infrastructure/typeorm/typeorm-mail.repository';
import { describeMailRepositoryContract } from '../src/modules/mail/testing/mail-repository.contract';
import { describeMailQueueContract } from '../src/modules/mail/testing/mail-queue.contract';
import { SealedMailQueue } from '../src/modules/mail/domain/sealed-mail-queue';
import { aesGcmMailBodyCipher } from '../src/modules/mail/infrastructure/aes-gcm-mail-body-cipher';
import { UuidGenerator } from '../src/common/crypto/uuid-generator';
import { FakeClock } from '../src/common/testing/fake-clock';
import { cli } from './support/cli-process';
import { driveClock, frozenNow } from './support/driven-clock';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { findSecrets, scanDatabase } from './support/secret-scan';
import { recordSecret } from './support/secret-ledger';
import { SmtpReceiver } from './support/smtp-receiver';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { uniqueTag } from './support/unique-tag';

interface MailRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body_sealed: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
}

/** A single-use token as the account flows put one in a link: 256 random bits. */
const aToken = () => randomBytes(32).toString('base64url');
/** Longer than any wait the schedule can draw for attempt `n` (jitter included). */
const pastRetry = (n: number) => Math.ceil(MAIL_RETRY_DELAYS_MS[n - 1] * (1 + JITTER)) + 1;

/** The mail table of an app's database, and what it enqueues, as a caller in a unit of work does. */
function mailOf(t: TestApp) {
  const db = t.app.get(DataSource);
  return {
    db,
    enqueue: (mail: OutgoingMail) => t.app.get(UnitOfWork).run(() => t.app.get(MailQueue).enqueue(mail)),
    rowsTo: (to: string): Promise<MailRow[]> => db.query(`SELECT * FROM mail WHERE recipient = $1 ORDER BY created_at, id`, [to]),
    async waitForRow(to: string, what: string, check: (row: MailRow) => boolean): Promise<MailRow> {
      let found: MailRow | undefined;
      await waitFor(
        async () => {
          const rows = await this.rowsTo(to);
          found = rows.length === 1 && check(rows[0]) ? rows[0] : undefined;
          return found !== undefined;
        },
        { what: `the message to ${to}: ${what}`, timeoutMs: 10_000 },
      );
      return found!;
    },
  };
}

describeMailRepositoryContract('TypeORM', async () => {
  await contractDatabase.ready;
  await contractDatabase.source!.query('TRUNCATE mail');
  return new TypeOrmMailRepository(contractDatabase.source!);
});

describeMailQueueContract('TypeORM', async () => {
  await contractDatabase.ready;
  const db = contractDatabase.source!;
  await db.query('TRUNCATE mail');
  const cipher = aesGcmMailBodyCipher(randomBytes(32));
  // Each message a millisecond after the last, so that the order they were queued in is the stored one.
  const clock = new FakeClock(new Date());
  const ticking = { now: () => (clock.advance(1), clock.now()) };
  const queue = new SealedMailQueue(new TypeOrmMailRepository(db), cipher, ticking, new UuidGenerator());
  const rows = async (): Promise<Array<MailRow & { body_sealed: string }>> => db.query('SELECT * FROM mail ORDER BY created_at');
  return {
    queue,
    queued: async () =>
      (await rows()).map((r) => ({ to: r.recipient, subject: r.subject, kind: r.kind, text: cipher.open(r.body_sealed, r.id) })),
    stored: async () => JSON.stringify(await rows()),
  };
});

/** The contract's database: its own, so no app's worker claims the rows the contract leases by hand. */
const contractDatabase: { ready?: Promise<void>; source?: DataSource; own?: OwnDatabase } = {};
beforeAll(() => {
  contractDatabase.ready = (async () => {
    contractDatabase.own = await ownDatabase('mail_contract');
    contractDatabase.source = await openDatabase(
      { url: contractDatabase.own.url, poolSize: 2, connectTimeoutS: 10 },
      pino({ level: 'silent' }),
    );
  })();
});
afterAll(async () => {
  // Both modes' pools: openDatabase opens the sandbox's beside the live one.
  if (contractDatabase.source) await closeDatabase(contractDatabase.source);
  await contractDatabase.own?.drop();
});

describe('mail through a real SMTP server', () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let mail: ReturnType<typeof mailOf>;
  const clock = frozenNow();
  let dbUrl: string;

  beforeAll(async () => {
    receiver = await new SmtpReceiver().start();
    t = await startTestApp(
      {
        SMTP_URL: receiver.url(),
        MAIL_FROM: 'todo@service.example',
        PUBLIC_ORIGIN: 'https://todo.service.example',
        MAIL_POLL_INTERVAL_MS: '20',
        MAIL_TIMEOUT_MS: '5000',
        MAIL_LEASE_MS: '30000',
        // A probe sends a deferred message early; here each retry is made by moving the clock.
        MAIL_PROBE_INTERVAL_MS: '86400000',
      },
      {},
      { ownDatabase: 'mail_smtp' },
    );
    driveClock(t.app, clock);
    mail = mailOf(t);
    dbUrl = (mail.db.options as { url: string }).url;
  });

  afterAll(async () => {
    // Scanned before close() drops the database: nothing readable of a body may be left in it.
    await t?.close();
    await receiver?.stop();
  });

  it('sends a queued message with its From, To, Subject and text, once, then erases its body', async () => {
    const to = `ada_${uniqueTag()}@example.org`;
    const token = aToken();
    recordSecret('mail token', token);
    const text = `Hello Ada,\n\nconfirm your address: https://todo.service.example/developers#verify=${token}\n`;
    await mail.enqueue({ to, subject: 'Confirm your email', text, kind: 'verify-email' });
    const row = await mail.waitForRow(to, 'sent', (r) => r.status === 'sent');
    expect(row).toMatchObject({ attempts: 1, body_sealed: null, last_error: null, kind: 'verify-email' });
    const received = receiver.to(to);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'todo@service.example', to: [to], subject: 'Confirm your email' });
    expect(received[0].fromHeader).toContain('todo@service.example');
    expect(received[0].text.trimEnd()).toBe(text.trimEnd());
  });

  it.each(['rcpt', 'data'] as const)(
    'delivers once after the server refused with 451 (at %s), when the retry is due on the clock',
    async (stage) => {
      const to = `bob_${uniqueTag()}@example.org`;
      receiver.refuse(to, 1, { code: 451, stage });
      await mail.enqueue({ to, subject: 'Reset your password', text: `reset: ${aToken()}`, kind: 'password-reset' });
      const failed = await mail.waitForRow(to, 'the first attempt refused', (r) => r.attempts === 1);
      expect(failed).toMatchObject({ status: 'pending' });
      expect(failed.last_error).toMatch(/451/);
      expect(failed.last_error).not.toContain(`bob_`);
      expect(failed.body_sealed).not.toBeNull();
      expect(receiver.to(to)).toHaveLength(0);
      clock.advance(pastRetry(1));
      await mail.waitForRow(to, 'sent after the retry', (r) => r.status === 'sent' && r.attempts === 2);
      expect(receiver.to(to)).toHaveLength(1);
      expect(receiver.refused.filter((address) => address === to)).toHaveLength(1);
    },
  );

  it('is dead after the last attempt, warned about once with the domain alone, and sent when an operator retries it', async () => {
    const to = `carol_${uniqueTag()}@dead.example`;
    const attempts = MAIL_RETRY_DELAYS_MS.length + 1;
    // Refused until it is dead, probes included (each probe is one more refusal, no attempt).
    receiver.refuse(to, attempts * 10, { code: 451, stage: 'rcpt' });
    await mail.enqueue({ to, subject: 'You are invited', text: `join: ${aToken()}`, kind: 'invitation' });
    for (let n = 1; n < attempts; n++) {
      await mail.waitForRow(to, `attempt ${n}`, (r) => r.attempts === n && r.status === 'pending');
      clock.advance(pastRetry(n));
    }
    const dead = await mail.waitForRow(to, 'dead', (r) => r.status === 'dead');
    expect(dead.attempts).toBe(attempts);
    expect(dead.body_sealed).not.toBeNull();
    const warnings = t.logs.filter(
      (line) => line.msg === 'mail is dead: no attempt is left (npm run cli -- dead-mail lists dead mail, retry-mail sends one again)',
    );
    expect(warnings.filter((line) => line.mail_id === dead.id)).toEqual([
      expect.objectContaining({
        level: 40,
        kind: 'invitation',
        recipient_domain: 'dead.example',
        attempts,
        last_error: expect.stringMatching(/451/),
      }),
    ]);
    expect(t.logText()).not.toContain(to.split('@')[0]);
    expect(receiver.to(to)).toHaveLength(0);
    receiver.forgive(to);

    // The operator command, as an operator runs it against the same database.
    const listed = await cli(['dead-mail', '--json'], { env: { DATABASE_URL: dbUrl } });
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listed.stdout).mail).toContainEqual(
      expect.objectContaining({ id: dead.id, kind: 'invitation', to, status: 'dead', attempts, last_error: expect.stringMatching(/451/) }),
    );
    const retried = await cli(['retry-mail', '--id', dead.id], { env: { DATABASE_URL: dbUrl } });
    expect(retried).toMatchObject({ code: 0, stdout: `mail ${dead.id} (invitation to ${to}) is queued again\n` });
    await mail.waitForRow(to, 'sent after the operator retried it', (r) => r.status === 'sent');
    expect(receiver.to(to)).toHaveLength(1);
    expect(await cli(['retry-mail', '--id', dead.id], { env: { DATABASE_URL: dbUrl } })).toMatchObject({
      code: 1,
      stderr: 'error: No dead mail has that id\n',
    });
  });

  it('gives up at once when the server refuses for good (550)', async () => {
    const to = `dave_${uniqueTag()}@example.org`;
    receiver.refuse(to, 1, { code: 550, stage: 'rcpt' });
    await mail.enqueue({ to, subject: 'Confirm your email', text: `verify: ${aToken()}`, kind: 'verify-email' });
    const dead = await mail.waitForRow(to, 'dead', (r) => r.status === 'dead');
    expect(dead.attempts).toBe(1);
    expect(dead.last_error).toMatch(/550/);
  });

  it('never sends a message whose transaction rolled back', async () => {
    const lost = `erin_${uniqueTag()}@example.org`;
    const kept = `frank_${uniqueTag()}@example.org`;
    const uow = t.app.get(UnitOfWork);
    const queue = t.app.get(MailQueue);
    await expect(
      uow.run(async () => {
        await queue.enqueue({ to: lost, subject: 'Confirm your email', text: `verify: ${aToken()}`, kind: 'verify-email' });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    await mail.enqueue({ to: kept, subject: 'Confirm your email', text: `verify: ${aToken()}`, kind: 'verify-email' });
    await mail.waitForRow(kept, 'sent', (r) => r.status === 'sent');
    expect(await mail.rowsTo(lost)).toEqual([]);
    expect(receiver.to(lost)).toEqual([]);
  });

  it('serves no development mailbox when SMTP_URL is set: the route answers as an unknown one', async () => {
    const res = await request(t.server).get('/developers/api/dev/mailbox').expect(404);
    expect(res.body).toEqual({ data: null, error: 'No route for GET /developers/api/dev/mailbox' });
  });

  it('keeps no token nor body readable in any column or log line', async () => {
    const to = `grace_${uniqueTag()}@example.org`;
    const token = aToken();
    const text = `Reset your password: https://todo.service.example/developers#reset=${token}`;
    recordSecret('mail token', token);
    receiver.refuse(to, 1, { code: 451, stage: 'data' });
    await mail.enqueue({ to, subject: 'Reset your password', text, kind: 'password-reset' });
    // Queued and refused once: the body is stored (sealed) while the message waits.
    await mail.waitForRow(to, 'refused once', (r) => r.attempts === 1);
    const secrets = [
      { kind: 'mail token', value: token },
      { kind: 'mail body', value: text },
    ];
    const client = new Client({ connectionString: dbUrl });
    await client.connect();
    try {
      expect(await scanDatabase(client, secrets)).toEqual([]);
      clock.advance(pastRetry(1));
      await mail.waitForRow(to, 'sent', (r) => r.status === 'sent');
      expect(receiver.to(to)[0].text).toContain(token);
      expect(await scanDatabase(client, secrets)).toEqual([]);
    } finally {
      await client.end();
    }
    expect(findSecrets([{ where: 'the app log', text: t.logText() }], secrets)).toEqual([]);
  });
});

describe('the development outbox', () => {
  let t: TestApp;
  let mail: ReturnType<typeof mailOf>;
  const clock = frozenNow();

  beforeAll(async () => {
    t = await startTestApp({ MAIL_POLL_INTERVAL_MS: '20', SMTP_URL: undefined }, {}, { ownDatabase: 'mail_outbox' });
    driveClock(t.app, clock);
    mail = mailOf(t);
  });

  afterAll(() => t?.close());

  it('keeps every message, sealed, and shows the last 50 to anyone, newest first', async () => {
    const to = `heidi_${uniqueTag()}@example.org`;
    const token = aToken();
    recordSecret('mail token', token);
    for (let i = 0; i < 51; i++) {
      await mail.enqueue({ to, subject: `Message ${i}`, text: i === 50 ? `verify: ${token}` : `text ${i}`, kind: 'verify-email' });
      clock.advance(1);
    }
    await waitFor(async () => (await mail.rowsTo(to)).every((r) => r.status === 'outbox'), {
      what: 'all 51 in the outbox',
      timeoutMs: 10_000,
    });
    const rows = await mail.rowsTo(to);
    expect(rows.every((r) => r.body_sealed !== null && !r.body_sealed.includes(token) && r.attempts === 1)).toBe(true);
    const res = await request(t.server).get('/developers/api/dev/mailbox').expect(200);
    const messages = res.body.data.messages as Array<Record<string, string>>;
    expect(messages).toHaveLength(50);
    expect(messages[0]).toEqual({
      id: rows[50].id,
      to,
      subject: 'Message 50',
      text: `verify: ${token}`,
      kind: 'verify-email',
      created_at: rows[50].created_at.toISOString(),
    });
    expect(messages.map((m) => m.subject)).toEqual(Array.from({ length: 50 }, (_, i) => `Message ${50 - i}`));
    expect(t.logText()).not.toContain(token);
  });
});

describe('the development mailbox under NODE_ENV=production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(
      { NODE_ENV: 'production', PASSWORD_SCRYPT_COST: undefined, SMTP_URL: undefined },
      {},
      { ownDatabase: 'mail_production' },
    );
  });

  afterAll(() => t?.close());

  it('is not served: the route answers as an unknown one', async () => {
    const res = await request(t.server).get('/developers/api/dev/mailbox').expect(404);
    expect(res.body).toEqual({ data: null, error: 'No route for GET /developers/api/dev/mailbox' });
  });
});
