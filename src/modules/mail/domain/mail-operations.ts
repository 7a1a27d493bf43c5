import { Clock } from '../../../common/ports/clock';
import { dueAgeSeconds } from '../../../common/ports/queue-backlog';
import { isUuid } from '../../../common/ports/id-generator';
import { MailBodyCipher, MailBodyUnreadable } from './mail-body-cipher';
import type { MailProps } from './mail-message';
import { MailRepository } from './mail.repository';
import { DeadMailNotFound } from './mail.errors';

/** How many outbox messages the development mailbox shows. */
export const MAILBOX_SIZE = 50;
/** How many dead messages the operator's listing shows. */
export const DEAD_LISTING_SIZE = 200;

/** A message of the development outbox, opened for the mailbox view. */
export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/** The mail queue as the metrics show it. */
export interface MailBacklogReading {
  pending: number;
  /** Dead messages still kept. */
  failed: number;
  /** How long the earliest due pending message has waited past its attempt time (0: none due). */
  oldestDueAgeSeconds: number;
}

/** What operators and developers see of the queue: dead mail and its retry, the development outbox, and the backlog the metrics show. */
export class MailOperations {
  constructor(
    private readonly mails: MailRepository,
    private readonly cipher: MailBodyCipher,
    private readonly clock: Clock,
  ) {}

  /** Dead messages, most recently given up first (never their bodies). */
  dead(): Promise<MailProps[]> {
    return this.mails.listDead(DEAD_LISTING_SIZE);
  }

  /** Sends a dead message again: due at once, with the whole retry schedule ahead of it. */
  async retry(id: string): Promise<MailProps> {
    const again = isUuid(id) ? await this.mails.retryDead(id, this.clock.now()) : null;
    if (!again) throw new DeadMailNotFound();
    return again;
  }

  /** Pending and dead messages and the wait of the earliest due one (read at scrape time, never on a request's path). */
  async backlog(): Promise<MailBacklogReading> {
    const backlog = await this.mails.backlog();
    return { pending: backlog.pending, failed: backlog.failed, oldestDueAgeSeconds: dueAgeSeconds(backlog, this.clock.now()) };
  }

  /** The newest messages of the development outbox, newest first, opened. */
  async mailbox(): Promise<OutboxMessage[]> {
    return (await this.mails.latestOutbox(MAILBOX_SIZE)).map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: this.open(mail),
      createdAt: mail.createdAt,
    }));
  }

  private open(mail: MailProps): string {
    try {
      return mail.sealedBody === null ? '' : this.cipher.open(mail.sealedBody, mail.id);
    } catch (error) {
      if (error instanceof MailBodyUnreadable) return `(${error.message})`;
      throw error;
    }
  }
}
