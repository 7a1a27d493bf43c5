/** One plain-text message for one recipient; links in `text` point at PUBLIC_ORIGIN. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What the message is for (`verify-email`, `password-reset`, `invitation`, ...): for operators and limits, never secret. */
  kind: string;
}

/**
 * Port: where the service leaves mail to be sent. `enqueue` takes part in the UnitOfWork
 * transaction in progress, so a message exists exactly when the change that causes it was
 * committed; a worker shared by every instance sends it later, with retries. The body may hold
 * a single-use token: adapters never store it readable nor log it.
 */
export abstract class MailQueue {
  abstract enqueue(mail: OutgoingMail): Promise<void>;
}
