import type { User } from '../../auth/domain/user';
import type { ApiKey } from '../../keys/domain/api-key';
import { isoTime } from '../../../common/http/iso-time';

export const presentAccount = (user: User) => ({
  id: user.id,
  email: user.email,
  username: user.username,
  name: user.name,
  email_verified: user.emailVerified,
});

/** Everything about a key except its secret, which is never stored. */
export function presentKey(key: ApiKey) {
  const p = key.toProps();
  return {
    id: p.id,
    label: p.label,
    prefix: p.prefix,
    last4: p.last4,
    scopes: [...p.scopes],
    status: p.status,
    created_at: isoTime(p.createdAt),
    last_used_at: isoTime(p.lastUsedAt),
    revoked_at: isoTime(p.revokedAt),
  };
}

/** The one response that carries the full key. */
export function presentCreatedKey(key: ApiKey, secret: string) {
  const { id, label, prefix, last4, scopes, status, created_at } = presentKey(key);
  return { key: secret, id, label, prefix, last4, scopes, status, created_at };
}
