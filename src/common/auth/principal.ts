import type { Scope } from './scopes';

/** Which data a key works on: live (`sk_live_`) or the sandbox (`sk_test_`). */
export type KeyMode = 'live' | 'test';

/** Both modes, live first: what background work (janitors, delivery workers) runs once for each. */
export const MODES: readonly KeyMode[] = ['live', 'test'];

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

/**
 * A Viewer working on one mode's data: a key's Principal, or the developer page's session in
 * the mode the page chose. Domain code that behaves differently per mode reads it here.
 */
export interface ViewerInMode extends Viewer {
  mode: KeyMode;
}

/** Who is calling, as established by the API-key guard from the key the request carries. */
export interface Principal extends ViewerInMode {
  keyId: string;
  scopes: readonly Scope[];
  /**
   * The addresses and CIDR ranges (canonical) the key may be used from; null or absent:
   * anywhere. ApiKeyGuard checks it as soon as the key is recognised.
   */
  allowedIps?: readonly string[] | null;
  /**
   * The key's label and expiry (null: never), for GET /v1/me to describe the key without a
   * statement. KeyAuthenticator always sets them; absent, the key is read.
   */
  label?: string;
  expiresAt?: Date | null;
}
