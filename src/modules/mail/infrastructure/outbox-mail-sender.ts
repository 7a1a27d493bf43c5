import { MailSender, SendResult } from '../domain/mail-sender';

/**
 * Without SMTP_URL (development): every message is left in the local outbox, where the
 * developer page's "Mailbox (development only)" shows it. Nothing leaves the machine, and the
 * body stays sealed as it was queued.
 */
export class OutboxMailSender extends MailSender {
  async send(): Promise<SendResult> {
    return { kind: 'outbox' };
  }
}
