import type { SecretGenerator } from '../../../common/ports/secret-generator';
import type { TokenHasher } from '../../../common/ports/token-hasher';

/** What a mailed token proves: the email of its account, or the right to set a new password. */
export type TokenPurpose = 'verify-email' | 'password-reset';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** A single-use token mailed to an account. Only a hash of the token is stored. */
export interface AccountToken {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  /** The address the token was mailed to (normalised). */
  email: string;
  /** A token of `resend-verification`, which the hourly resend limit counts. */
  resent: boolean;
  createdAt: Date;
  expiresAt: Date;
}

/** 32 random bytes (256 bits), base64url: what a mailed link carries. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newAccountToken = (secrets: SecretGenerator): string => secrets.generate(32, 'base64url');

export const isAccountTokenFormat = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

/** 256 random bits need no slow hash: SHA-256 keeps a copy of the table from being usable as links. */
export const hashAccountToken = (hasher: TokenHasher, token: string): string => hasher.digest(token);
