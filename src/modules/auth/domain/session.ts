import type { SecretGenerator } from '../../../common/ports/secret-generator';
import type { TokenHasher } from '../../../common/ports/token-hasher';

/** A signed-in browser on the developer page. Only a hash of its token is stored. */
export interface Session {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** 32 random bytes, base64url: what the cookie carries. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newSessionToken = (secrets: SecretGenerator): string => secrets.generate(32, 'base64url');

export const isSessionTokenFormat = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

/** 256 random bits need no slow hash: SHA-256 keeps a stolen table from being replayed as cookies. */
export const hashSessionToken = (hasher: TokenHasher, token: string): string => hasher.digest(token);

export const isExpired = (session: Session, now: Date): boolean => session.expiresAt.getTime() <= now.getTime();
