import { randomBytes } from 'node:crypto';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { DeferredMailProbe } from '../domain/deferred-mail-probe';
import { MailAttempts } from '../domain/mail-attempts';
import { MailOperations } from '../domain/mail-operations';
import { Envelope, MailSender, SendResult } from '../domain/mail-sender';
import { SealedMailQueue } from '../domain/sealed-mail-queue';
import { aesGcmMailBodyCipher } from '../infrastructure/aes-gcm-mail-body-cipher';
import { InMemoryMailRepository } from '../infrastructure/in-memory/in-memory-mail.repository';

/**
 * A sender that answers as scripted ('sent' when nothing is left), or with `outage` while one
 * is set (the server down or deferring everything), and keeps every message it opened
 * (`sent`) and every one it answered 'sent' for (`accepted`).
 */
export class ScriptedMailSender extends MailSender {
  readonly sent: Array<{ to: string; subject: string; text: string }> = [];
  readonly accepted: string[] = [];
  readonly script: SendResult[] = [];
  outage: SendResult | null = null;
  async send(envelope: Envelope): Promise<SendResult> {
    this.sent.push({ to: envelope.to, subject: envelope.subject, text: envelope.text() });
    const result = this.outage ?? this.script.shift() ?? { kind: 'sent' };
    if (result.kind === 'sent') this.accepted.push(envelope.to);
    return result;
  }
}

/** The mail domain wired to the in-memory repository, a fake clock and a scripted sender. */
export function mailFixture(options: { random?: () => number; probeIntervalMs?: number } = {}) {
  const mails = new InMemoryMailRepository();
  const clock = new FakeClock('2026-11-24T10:00:00.000Z');
  const ids = new SequentialIdGenerator();
  const uow = new InMemoryUnitOfWork();
  const cipher = aesGcmMailBodyCipher(randomBytes(32));
  const sender = new ScriptedMailSender();
  const warnings: Array<{ context: Record<string, unknown>; message: string }> = [];
  const log = { warn: (context: object, message: string) => warnings.push({ context: context as Record<string, unknown>, message }) };
  const queue = new SealedMailQueue(mails, cipher, clock, ids);
  const attempts = new MailAttempts(mails, cipher, sender, { uow, clock, log, random: options.random ?? (() => 0) });
  const operations = new MailOperations(mails, cipher, clock);
  /** Claims what is due now and attempts it, as one round of the worker does. */
  const round = async () => {
    const now = clock.now();
    const claimed = await mails.claimDue(now, new Date(now.getTime() + 60_000), 100);
    return Promise.all(claimed.map((claim) => attempts.attempt(claim)));
  };
  const probe = new DeferredMailProbe(mails, options.probeIntervalMs ?? 10_000);
  /** What one worker round does: claims (due messages, else a probe) and attempts, batch after batch, until nothing is claimed. */
  const workRound = async (claims: DeferredMailProbe = probe) => {
    for (;;) {
      const now = clock.now();
      const claimed = await claims.claim(now, new Date(now.getTime() + 60_000), 10);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((claim) => attempts.attempt(claim)));
    }
  };
  return { mails, clock, ids, uow, cipher, sender, warnings, queue, attempts, operations, round, probe, workRound };
}
