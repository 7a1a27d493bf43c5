/**
 * Port: seals a message's text for the queue and opens it again to send it. The text may
 * carry a single-use token, so it is never stored readable; the key lives outside the
 * database. `context` (the message id) is bound into the seal, so a sealed body copied onto
 * another row does not open there.
 */
export abstract class MailBodyCipher {
  abstract seal(text: string, context: string): string;
  /** Throws MailBodyUnreadable when the body was sealed under another key, for another message, or altered. */
  abstract open(sealed: string, context: string): string;
}

export class MailBodyUnreadable extends Error {
  constructor(
    reason: string,
    /** False when another key may open it (sealed under another master key): worth another attempt elsewhere. */
    readonly final: boolean,
  ) {
    super(`the mail body cannot be decrypted (${reason})`);
  }
}
