import type { User } from '../../auth/domain/user';
import type { ApiKey, ApiKeyStatus } from '../../keys/domain/api-key';
import { isoTime } from '../../../common/http/iso-time';

export const presentAccount = (user: User) => ({
  id: user.id,
  email: user.email,
  username: user.username,
  name: user.name,
  email_verified: user.emailVerified,
});

/**
 * Everything about a key except its secret, which is never stored. `status` is the key's at
 * the time of the answer (KeysService.statusOf): an active key past its expiry is `expired`.
 */
export function presentKey(key: ApiKey, status: ApiKeyStatus) {
  const p = key.toProps();
  return {
    id: p.id,
    label: p.label,
    mode: p.mode,
    prefix: p.prefix,
    last4: p.last4,
    scopes: p.scopes,
    list_ids: p.listIds,
    expires_at: isoTime(p.expiresAt),
    allowed_ips: p.allowedIps,
    status,
    created_at: isoTime(p.createdAt),
    last_used_at: isoTime(p.lastUsedAt),
    revoked_at: isoTime(p.revokedAt),
  };
}

/** The one response that carries the full key (a new key, or a roll's replacement): its public fields and the key. */
export function presentCreatedKey(key: ApiKey, secret: string) {
  return { key: secret, ...presentKey(key, 'active') };
}
