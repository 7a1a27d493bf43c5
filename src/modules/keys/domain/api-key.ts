import { Scope, SCOPES } from '../../../common/auth/scopes';
import type { SecretGenerator } from '../../../common/ports/secret-generator';
import type { TokenHasher } from '../../../common/ports/token-hasher';

export const LIVE_PREFIX = 'sk_live_';
export const TEST_PREFIX = 'sk_test_';
const LIVE_KEY = /^sk_live_[0-9a-f]{64}$/;

export type ApiKeyStatus = 'active' | 'revoked';

export interface ApiKeyProps {
  id: string;
  userId: string;
  label: string;
  prefix: string;
  last4: string;
  keyHash: string;
  scopes: Scope[];
  status: ApiKeyStatus;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Only the SHA-256 of a key is ever stored; 256 random bits make a slow hash unnecessary. */
export const hashKey = (hasher: TokenHasher, secret: string): string => hasher.digest(secret);

export const isLiveKeyFormat = (value: string): boolean => LIVE_KEY.test(value);

/** An API key of an account: active until its owner revokes it, then never again. */
export class ApiKey {
  private constructor(private props: ApiKeyProps) {}

  static restore(props: ApiKeyProps): ApiKey {
    return new ApiKey({ ...props, scopes: [...props.scopes] });
  }

  /** A new key with every scope (granular keys do not exist yet). The secret is returned once. */
  static issue(
    input: { id: string; userId: string; label: string; now: Date },
    secrets: SecretGenerator,
    hasher: TokenHasher,
  ): { key: ApiKey; secret: string } {
    const secret = `${LIVE_PREFIX}${secrets.generate(32, 'hex')}`;
    const key = new ApiKey({
      id: input.id,
      userId: input.userId,
      label: input.label,
      prefix: LIVE_PREFIX,
      last4: secret.slice(-4),
      keyHash: hashKey(hasher, secret),
      scopes: [...SCOPES],
      status: 'active',
      createdAt: input.now,
      lastUsedAt: null,
      revokedAt: null,
    });
    return { key, secret };
  }

  get id() {
    return this.props.id;
  }
  get userId() {
    return this.props.userId;
  }
  get scopes(): readonly Scope[] {
    return this.props.scopes;
  }
  get isActive() {
    return this.props.status === 'active';
  }

  ownedBy(userId: string): boolean {
    return this.props.userId === userId;
  }

  /** Revoking twice is harmless: the first revocation time stands. */
  revoke(now: Date): void {
    if (!this.isActive) return;
    this.props = { ...this.props, status: 'revoked', revokedAt: now };
  }

  toProps(): ApiKeyProps {
    return { ...this.props, scopes: [...this.props.scopes] };
  }
}
