import { AesGcmSealer, SealedValueUnreadable, UnsealFailure } from '../../../../common/crypto/aes-gcm-sealer';
import { SecretCipher, SecretUnreadable } from '../../domain/secret-cipher';

const REASONS: Record<UnsealFailure, string> = {
  format: 'unknown format',
  key: 'it was sealed under another WEBHOOK_SECRET_KEY',
  altered: 'it was altered or belongs to another webhook',
};

/**
 * Webhook signing secrets sealed with AES-256-GCM (AesGcmSealer) under a key derived for them
 * alone from the master key (loadMasterKey), with the webhook id bound in.
 */
export class AesGcmSecretCipher extends SecretCipher {
  private readonly sealer: AesGcmSealer;

  constructor(masterKey: Uint8Array) {
    super();
    this.sealer = new AesGcmSealer(masterKey, 'todo-service webhook signing secrets v1');
  }

  seal(secret: string, context: string): string {
    return this.sealer.seal(secret, context);
  }

  open(sealed: string, context: string): string {
    try {
      return this.sealer.open(sealed, context);
    } catch (error) {
      if (error instanceof SealedValueUnreadable) throw new SecretUnreadable(REASONS[error.failure]);
      throw error;
    }
  }
}
