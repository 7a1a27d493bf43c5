import type { Principal } from '../../../common/auth/principal';
import type { Scope } from '../../../common/auth/scopes';

/** The one id of the MCP unit specs' account and key. */
export const ID = '00000000-0000-4000-8000-000000000001';

/** A live key of the specs' account holding `scopes`, as the guards hand it to /mcp. */
export const callerWith = (scopes: readonly Scope[]): Principal => ({ userId: ID, keyId: ID, scopes, listIds: null, mode: 'live' });

/** GET /v1/me's data, whole, for that key: the SDK's Client checks a whoami's structuredContent against the tool's output schema. */
export const meWith = (scopes: readonly Scope[]) => ({
  id: ID,
  email: 'ada@example.test',
  name: 'Ada',
  username: 'ada',
  email_verified: true,
  scopes,
  key: { id: ID, label: 'unit', mode: 'live', scopes, list_ids: null, expires_at: null, allowed_ips: null },
});
