import type { KeyMode } from '../../../common/auth/principal';
import { Scope, SCOPES } from '../../../common/auth/scopes';
import type { SecretGenerator } from '../../../common/ports/secret-generator';
import type { TokenHasher } from '../../../common/ports/token-hasher';

export const LIVE_PREFIX = 'sk_live_';
export const TEST_PREFIX = 'sk_test_';
const KEY = /^sk_(live|test)_[0-9a-f]{64}$/;

/** The prefix of a key of each mode: the mode can be read off the key itself. */
export const PREFIXES: Readonly<Record<KeyMode, string>> = { live: LIVE_PREFIX, test: TEST_PREFIX };

/** What storage knows: a key is active until revoked. */
export type StoredKeyStatus = 'active' | 'revoked';

/** What a key is at a given time: an active key whose `expiresAt` has come is expired. */
export type ApiKeyStatus = StoredKeyStatus | 'expired';

/**
 * What a key may reach, fixed when it is created (and carried over by a roll). The defaults
 * (UNRESTRICTED) are what every key had before keys could be restricted.
 */
export interface KeyRestrictions {
  mode: KeyMode;
  /** A non-empty subset of SCOPES, in SCOPES' order. */
  scopes: Scope[];
  /** null: every list the account can see, now and later. */
  listIds: string[] | null;
  /** null: never. */
  expiresAt: Date | null;
  /** Canonical addresses and CIDR ranges; null: anywhere. */
  allowedIps: string[] | null;
}

export const UNRESTRICTED: Readonly<KeyRestrictions> = Object.freeze({
  mode: 'live',
  scopes: [...SCOPES],
  listIds: null,
  expiresAt: null,
  allowedIps: null,
});

export interface ApiKeyProps extends KeyRestrictions {
  id: string;
  userId: string;
  label: string;
  prefix: string;
  last4: string;
  keyHash: string;
  status: StoredKeyStatus;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Only the SHA-256 of a key is ever stored; 256 random bits make a slow hash unnecessary. */
export const hashKey = (hasher: TokenHasher, secret: string): string => hasher.digest(secret);

export const isKeyFormat = (value: string): boolean => KEY.test(value);

const copyArray = <T>(values: readonly T[] | null): T[] | null => (values ? [...values] : null);

const copyProps = (props: ApiKeyProps): ApiKeyProps => ({
  ...props,
  scopes: [...props.scopes],
  listIds: copyArray(props.listIds),
  allowedIps: copyArray(props.allowedIps),
});

/** An API key of an account: active until its owner revokes it or its expiry comes, then never again. */
export class ApiKey {
  private constructor(private props: ApiKeyProps) {}

  static restore(props: ApiKeyProps): ApiKey {
    return new ApiKey(copyProps(props));
  }

  /** A new key with the given restrictions (already checked: readRestrictions). The secret is returned once. */
  static issue(
    input: { id: string; userId: string; label: string; now: Date; restrictions?: KeyRestrictions },
    secrets: SecretGenerator,
    hasher: TokenHasher,
  ): { key: ApiKey; secret: string } {
    const restrictions = input.restrictions ?? UNRESTRICTED;
    const prefix = PREFIXES[restrictions.mode];
    const secret = `${prefix}${secrets.generate(32, 'hex')}`;
    const key = ApiKey.restore({
      ...restrictions,
      id: input.id,
      userId: input.userId,
      label: input.label,
      prefix,
      last4: secret.slice(-4),
      keyHash: hashKey(hasher, secret),
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

  get label() {
    return this.props.label;
  }

  get mode(): KeyMode {
    return this.props.mode;
  }

  get scopes(): readonly Scope[] {
    return this.props.scopes;
  }

  get expiresAt(): Date | null {
    return this.props.expiresAt;
  }

  /** Not revoked (it may still have expired: statusAt). */
  get isActive() {
    return this.props.status === 'active';
  }

  /** What the key is at `now`: revoked, expired (its expiry has come), or active. */
  statusAt(now: Date): ApiKeyStatus {
    if (this.props.status === 'revoked') return 'revoked';
    if (this.props.expiresAt && this.props.expiresAt.getTime() <= now.getTime()) return 'expired';
    return 'active';
  }

  /** The key's restrictions, to carry over to a replacement (a roll). */
  restrictions(): KeyRestrictions {
    const { mode, scopes, listIds, expiresAt, allowedIps } = copyProps(this.props);
    return { mode, scopes, listIds, expiresAt, allowedIps };
  }

  ownedBy(userId: string): boolean {
    return this.props.userId === userId;
  }

  /** Revoking twice is harmless: the first revocation time stands. */
  revoke(now: Date): void {
    if (!this.isActive) return;
    this.props = { ...this.props, status: 'revoked', revokedAt: now };
  }

  /** Brings the expiry forward to `at` (a roll's grace period); an earlier expiry stands. */
  expireBy(at: Date): void {
    if (this.props.expiresAt && this.props.expiresAt.getTime() <= at.getTime()) return;
    this.props = { ...this.props, expiresAt: at };
  }

  toProps(): ApiKeyProps {
    return copyProps(this.props);
  }
}
