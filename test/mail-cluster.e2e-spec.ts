import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { UuidGenerator } from '../src/common/crypto/uuid-generator';
import { TypeOrmUnitOfWork } from '../src/common/persistence/typeorm-unit-of-work';
import { SystemClock } from '../src/common/ports/clock';
import { openDatabase } from '../src/database/data-source';
import { SealedMailQueue } from '../src/modules/mail/domain/sealed-mail-queue';
import { aesGcmMailBodyCipher } from '../src/modules/mail/infrastructure/aes-gcm-mail-body-cipher';
import { TypeOrmMailRepository } from '../src/modules/mail/infrastructure/typeorm/typeorm-mail.repository';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { findSecrets } from './support/secret-scan';
import { recordSecret } from './support/secret-ledger';
import { closeCluster } from './support/cluster';
import { ServiceProcess, spawnInstances } from './support/service-process';
import { SmtpReceiver } from './support/smtp-receiver';
import { waitFor } from './support/wait-for';

/**
 * Two instances of the built service (dist/main.js) on one database share the mail queue:
 * every message queued is delivered to the SMTP server exactly once, whichever instance claims it.
 */
describe('mail across two instances', () => {
  const masterKey = randomBytes(32).toString('base64');
  const env = {
    // Set in beforeAll: a database of the spec's own, so that no other spec's app claims these messages.
    DATABASE_URL: '',
    WEBHOOK_SECRET_KEY: masterKey,
    SMTP_URL: '',
    MAIL_FROM: 'todo@cluster.example',
    PUBLIC_ORIGIN: 'https://todo.cluster.example',
    MAIL_TIMEOUT_MS: '5000',
    // Long enough that a send on a busy machine finishes well within its lease (else it would be sent twice).
    MAIL_LEASE_MS: '30000',
    MAIL_POLL_INTERVAL_MS: '20',
    MAIL_BATCH_SIZE: '4',
    LOG_LEVEL: 'warn',
  };
  let instances: ServiceProcess[] = [];
  let receiver: SmtpReceiver;
  let db: DataSource;
  let database: OwnDatabase | undefined;

  beforeAll(async () => {
    database = await ownDatabase('mail_cluster');
    env.DATABASE_URL = database.url;
    receiver = await new SmtpReceiver().start();
    env.SMTP_URL = receiver.url();
    db = await openDatabase({ url: env.DATABASE_URL, poolSize: 4, connectTimeoutS: 10 }, pino({ level: 'silent' }));
    instances = await spawnInstances(env, 2);
  }, 120_000);

  afterAll(() => closeCluster({ instances, receiver, db, database }));

  it('delivers each of many queued messages exactly once while both instances work the queue', async () => {
    const queue = new SealedMailQueue(
      new TypeOrmMailRepository(db),
      aesGcmMailBodyCipher(Buffer.from(masterKey, 'utf8')),
      new SystemClock(),
      new UuidGenerator(),
    );
    const uow = new TypeOrmUnitOfWork(db);
    const run = randomBytes(4).toString('hex');
    const recipients = Array.from({ length: 60 }, (_, i) => `user${i}_${run}@cluster.example`);
    // A few refusals too: a retried message must still arrive once.
    for (const to of recipients.slice(0, 3)) receiver.refuse(to, 1, { code: 451, stage: 'rcpt' });
    const tokens: string[] = [];
    for (const [i, to] of recipients.entries()) {
      const token = randomBytes(32).toString('base64url');
      recordSecret('mail token', token);
      tokens.push(token);
      await uow.run(() => queue.enqueue({ to, subject: `Message ${i}`, text: `verify: ${token}`, kind: 'verify-email' }));
    }
    const ours = () => receiver.received.filter((m) => m.to[0].endsWith(`_${run}@cluster.example`));
    // The three refused wait 5 s for their retry on the instances' real clocks.
    await waitFor(() => new Set(ours().map((m) => m.to[0])).size === recipients.length, {
      what: () => `all ${recipients.length} messages (received ${ours().length})`,
      timeoutMs: 30_000,
    });
    await waitFor(async () => (await db.query(`SELECT count(*)::int AS n FROM mail WHERE status = 'sent'`))[0].n === recipients.length, {
      what: 'every message recorded as sent',
    });
    const counts = new Map<string, number>();
    for (const m of ours()) counts.set(m.to[0], (counts.get(m.to[0]) ?? 0) + 1);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...recipients].sort());
    expect(ours().every((m) => m.text.startsWith('verify: ') && m.subject.startsWith('Message '))).toBe(true);
    const refusedRows = await db.query(`SELECT attempts FROM mail WHERE recipient = ANY($1)`, [recipients.slice(0, 3)]);
    expect(refusedRows.map((r: { attempts: number }) => r.attempts)).toEqual([2, 2, 2]);
    const outputs = instances.map((instance, i) => ({ where: `instance ${i}'s output`, text: instance.output() }));
    expect(
      findSecrets(
        outputs,
        tokens.map((value) => ({ kind: 'mail token', value })),
      ),
    ).toEqual([]);
  }, 60_000);
});
