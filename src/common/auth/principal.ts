import type { Scope } from './scopes';

/** Who is calling, as established by the API-key guard from the key the request carries. */
export interface Principal {
  userId: string;
  keyId: string;
  scopes: readonly Scope[];
}
