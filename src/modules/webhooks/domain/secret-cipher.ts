/**
 * Port: seals a webhook's signing secret for storage and opens it again to sign. The key
 * lives outside the database (WEBHOOK_SECRET_KEY or a key file), so a dump of the database
 * alone yields no usable secret. `context` (the webhook id) is bound into the seal, so a
 * sealed secret copied onto another row does not open there.
 */
export abstract class SecretCipher {
  abstract seal(secret: string, context: string): string;
  /** Throws SecretUnreadable when the value was sealed under another key, for another context, or altered. */
  abstract open(sealed: string, context: string): string;
}

export class SecretUnreadable extends Error {
  constructor(reason: string) {
    super(`the webhook's signing secret cannot be decrypted (${reason}); re-create the webhook`);
  }
}
