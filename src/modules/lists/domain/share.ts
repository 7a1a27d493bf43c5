import type { MemberRole } from './membership';
import type { SecretGenerator } from '../../../common/ports/secret-generator';
import type { TokenHasher } from '../../../common/ports/token-hasher';

export interface ShareProps {
  id: string;
  listId: string;
  /** Only the SHA-256 of the token is stored; lookups go by it. */
  tokenHash: string;
  role: MemberRole;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

// 32 random bytes: 256 bits, 43 URL-safe characters.
const TOKEN_BYTES = 32;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * Tokens are found by their SHA-256, never compared as text, so a lookup's timing says
 * nothing about how much of a guessed token was right.
 */
export const hashShareToken = (hasher: TokenHasher, token: string): string => hasher.digest(token);

/** Anything else cannot be a token this service issued: refused before any lookup. */
export const isShareTokenFormat = (value: string): boolean => TOKEN_FORMAT.test(value);

/** Neither revoked nor expired at `now`. */
export const isUsableShare = (props: Pick<ShareProps, 'revokedAt' | 'expiresAt'>, now: Date): boolean =>
  props.revokedAt === null && (props.expiresAt === null || now.getTime() < props.expiresAt.getTime());

/** A share link: joins anyone holding its token with its role, until revoked or expired. */
export class Share {
  /**
   * The token itself, known only to the Share that issued it: it is never stored (only its
   * hash is) and never part of toProps(), so it is shown once, when the link is created.
   */
  private constructor(
    private props: ShareProps,
    readonly issuedToken: string | null = null,
  ) {}

  static issue(
    input: { id: string; listId: string; role: MemberRole; expiresAt: Date | null; now: Date },
    secrets: SecretGenerator,
    hasher: TokenHasher,
  ): Share {
    const token = secrets.generate(TOKEN_BYTES, 'base64url');
    return new Share(
      {
        id: input.id,
        listId: input.listId,
        tokenHash: hashShareToken(hasher, token),
        role: input.role,
        createdAt: input.now,
        expiresAt: input.expiresAt,
        revokedAt: null,
      },
      token,
    );
  }

  static restore(props: ShareProps): Share {
    return new Share({ ...props });
  }

  get id() {
    return this.props.id;
  }
  get listId() {
    return this.props.listId;
  }
  get role() {
    return this.props.role;
  }
  get revoked() {
    return this.props.revokedAt !== null;
  }

  isUsableAt(now: Date): boolean {
    return isUsableShare(this.props, now);
  }

  /** Revoking twice changes nothing: the first revocation stands. Members who joined stay. */
  revoke(now: Date): void {
    if (this.revoked) return;
    this.props = { ...this.props, revokedAt: now };
  }

  toProps(): ShareProps {
    return { ...this.props };
  }
}
