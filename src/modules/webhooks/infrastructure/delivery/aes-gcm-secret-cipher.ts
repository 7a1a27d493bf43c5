import { AesGcmCipher, type SealedKind } from '../../../../common/crypto/aes-gcm-cipher';
import { SecretCipher, SecretUnreadable } from '../../domain/secret-cipher';

/** Webhook signing secrets: a key derived for them alone from the master key (loadMasterKey), the webhook id bound in. */
const SIGNING_SECRETS: SealedKind = {
  purpose: 'todo-service webhook signing secrets v1',
  boundTo: 'webhook',
  unreadable: (reason) => new SecretUnreadable(reason),
};

export const aesGcmSecretCipher = (masterKey: Uint8Array): SecretCipher => new AesGcmCipher(masterKey, SIGNING_SECRETS);
