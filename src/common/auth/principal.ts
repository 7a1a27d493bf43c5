import type { Scope } from './scopes';

/** Which data a key works on: live (`sk_live_`) or the sandbox (`sk_test_`). */
export type KeyMode = 'live' | 'test';

/**
 * Whose lists a request reaches: the account's, and for a list-restricted key only the lists
 * named by the key (`listIds`; null: every list the account can see). Every visibility rule
 * takes a Viewer rather than a bare user id, so that a restricted key cannot reach past its
 * lists through any route that forgets to ask.
 */
export interface Viewer {
  userId: string;
  listIds: readonly string[] | null;
}

/** Who is calling, as established by the API-key guard from the key the request carries. */
export interface Principal extends Viewer {
  keyId: string;
  scopes: readonly Scope[];
  mode: KeyMode;
  /**
   * The addresses and CIDR ranges (canonical) the key may be used from; null or absent:
   * anywhere. ApiKeyGuard checks it as soon as the key is recognised.
   */
  allowedIps?: readonly string[] | null;
}
