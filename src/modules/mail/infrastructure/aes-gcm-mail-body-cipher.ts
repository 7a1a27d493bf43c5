import { AesGcmCipher, type SealedKind } from '../../../common/crypto/aes-gcm-cipher';
import { MailBodyCipher, MailBodyUnreadable } from '../domain/mail-body-cipher';

/**
 * Mail bodies: a key derived for them alone from the service's master key (loadMasterKey),
 * the message id bound in. A body sealed under another master key is not final: another
 * instance may hold the key that opens it.
 */
const MAIL_BODIES: SealedKind = {
  purpose: 'todo-service mail bodies v1',
  boundTo: 'message',
  unreadable: (reason, failure) => new MailBodyUnreadable(reason, failure !== 'key'),
};

export const aesGcmMailBodyCipher = (masterKey: Uint8Array): MailBodyCipher => new AesGcmCipher(masterKey, MAIL_BODIES);
