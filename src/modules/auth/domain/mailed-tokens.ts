import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { MailQueue } from '../../../common/ports/mail-queue';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { TokenHasher } from '../../../common/ports/token-hasher';
import type { AccountLinks } from './account-mail';
import { hashAccountToken, isAccountTokenFormat, newAccountToken } from './account-token';
import { AccountTokenRepository } from './account-token.repository';

/**
 * What the account flows that mail a single-use token share: where tokens are stored (as
 * hashes), where mail is queued, and what makes tokens, ids and times.
 */
export class MailedTokens {
  constructor(
    readonly store: AccountTokenRepository,
    readonly mail: MailQueue,
    readonly clock: Clock,
    readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly hasher: TokenHasher,
    readonly links: AccountLinks,
  ) {}

  /** A new token for a link, and the hash it is stored under. */
  mint(): { token: string; tokenHash: string } {
    const token = newAccountToken(this.secrets);
    return { token, tokenHash: hashAccountToken(this.hasher, token) };
  }

  /** The hash of a token sent back, or null for a value that cannot be a token (no lookup needed). */
  hashOf(token: unknown): string | null {
    return isAccountTokenFormat(token) ? hashAccountToken(this.hasher, token) : null;
  }
}
