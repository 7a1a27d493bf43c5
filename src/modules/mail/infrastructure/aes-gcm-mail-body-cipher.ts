import { AesGcmSealer, SealedValueUnreadable, UnsealFailure } from '../../../common/crypto/aes-gcm-sealer';
import { MailBodyCipher, MailBodyUnreadable } from '../domain/mail-body-cipher';

const REASONS: Record<UnsealFailure, string> = {
  format: 'unknown format',
  key: 'it was sealed under another WEBHOOK_SECRET_KEY',
  altered: 'it was altered or belongs to another message',
};

/**
 * Mail bodies sealed with AES-256-GCM (AesGcmSealer) under a key derived for them alone from
 * the service's master key (loadMasterKey), with the message id bound in.
 */
export class AesGcmMailBodyCipher extends MailBodyCipher {
  private readonly sealer: AesGcmSealer;

  constructor(masterKey: Uint8Array) {
    super();
    this.sealer = new AesGcmSealer(masterKey, 'todo-service mail bodies v1');
  }

  seal(text: string, context: string): string {
    return this.sealer.seal(text, context);
  }

  open(sealed: string, context: string): string {
    try {
      return this.sealer.open(sealed, context);
    } catch (error) {
      if (error instanceof SealedValueUnreadable) throw new MailBodyUnreadable(REASONS[error.failure], error.failure !== 'key');
      throw error;
    }
  }
}
