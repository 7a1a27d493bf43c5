import type { INestApplication } from '@nestjs/common';
import type { KeyRestrictionsInput } from '../../src/modules/keys/domain/key-restrictions';
import { KeysService } from '../../src/modules/keys/domain/keys.service';
import { recordSecret } from '../support/secret-ledger';

/**
 * Another key of an existing account, restricted as asked (API.md section 9: scopes,
 * list_ids, expires_at, allowed_ips), made through KeysService as POST /developers/api/keys
 * makes it. Returns the full secret, to send as X-API-Key, and the key's id.
 */
export async function makeRestrictedKey(
  app: INestApplication,
  userId: string,
  restrictions: KeyRestrictionsInput,
): Promise<{ key: string; keyId: string }> {
  const { key, secret } = await app.get(KeysService).create(userId, 'restricted test key', restrictions);
  recordSecret('api key', secret);
  return { key: secret, keyId: key.id };
}
