import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../../common/crypto/sha256';

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

export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export const isSessionTokenFormat = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

/** 256 random bits need no slow hash: SHA-256 keeps a stolen table from being replayed as cookies. */
export const hashSessionToken = (token: string): string => sha256Hex(token);

export const isExpired = (session: Session, now: Date): boolean => session.expiresAt.getTime() <= now.getTime();
