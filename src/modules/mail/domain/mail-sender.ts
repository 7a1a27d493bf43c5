/** One message as it is handed to a sender: the sender adds the From address. */
export interface Envelope {
  to: string;
  subject: string;
  /**
   * Opens the sealed text (throws MailBodyUnreadable). On demand: the development outbox keeps
   * the body sealed as it is and never opens it.
   */
  text(): string;
}

/**
 * What one attempt came to: accepted by the SMTP server, left in the development outbox, or
 * failed; `permanent` when the server refused the message for good (a 5xx answer), so that
 * retrying cannot help.
 */
export type SendResult = { kind: 'sent' } | { kind: 'outbox' } | { kind: 'failed'; error: string; permanent: boolean };

/**
 * Port: hands one message on. It never throws for what the server or the network did (a
 * refusal, a timeout, a closed connection): those are results.
 */
export abstract class MailSender {
  abstract send(envelope: Envelope): Promise<SendResult>;
}
