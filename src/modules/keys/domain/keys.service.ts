import type { KeyMode } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import { Clock } from '../../../common/ports/clock';
import { isUuid } from '../../../common/ports/id-generator';
import { ModeScope } from '../../../common/ports/mode-scope';
import { codePointLength } from '../../../common/text/unicode-text';
import { ListAccess } from '../../lists/domain/list-access';
import { AddressRanges } from './address-ranges';
import type { ApiKey } from './api-key';
import { ApiKeyRepository } from './api-key.repository';
import { KeyCache } from './key-cache';
import { KeyIssuer } from './key-issuer';
import { KeyRestrictionsInput, readRestrictions } from './key-restrictions';
import { InvalidGracePeriod, InvalidKeyLabel, KeyLimitReached, KeyNotFound, KeyNotRollable } from './keys.errors';

export const MAX_ACTIVE_KEYS = 20;
/**
 * Ended keys (revoked or expired) kept per account, those that ended last; older ones are
 * deleted (and stay refused: unknown).
 */
export const KEPT_ENDED_KEYS = 50;

/** A roll's grace period for the replaced key: 0 (at once) to a week. */
export const MAX_ROLL_GRACE_HOURS = 168;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The key lifecycle: creation with its restrictions, listing, rotation and revocation. Who a
 * request's key is belongs to KeyAuthenticator; a revocation or rotation saved here reaches its
 * cache (and the other instances') through the KeyCache.
 */
export class KeysService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly issuer: KeyIssuer,
    private readonly lists: ListAccess,
    private readonly addresses: AddressRanges,
    private readonly modes: ModeScope,
    private readonly cache: KeyCache,
  ) {}

  /**
   * A new key, restricted as asked (API.md section 9; nothing asked: every scope, every list,
   * no expiry, anywhere). Every rule is checked before anything is written.
   */
  async create(userId: string, rawLabel: string, asked: KeyRestrictionsInput = {}): Promise<{ key: ApiKey; secret: string }> {
    const label = rawLabel.trim();
    const length = codePointLength(label);
    if (length < 1 || length > 100) throw new InvalidKeyLabel();
    const now = this.clock.now();
    const restrictions = readRestrictions(asked, now, this.addresses);
    // One at a time: a portal action, rare, and at most 100 lists; each a list of the key's own mode.
    await this.modes.run(restrictions.mode, async () => {
      for (const listId of restrictions.listIds ?? []) await this.lists.getVisible(accountViewer(userId, restrictions.mode), listId);
    });
    const issued = this.issuer.issue(userId, label, now, restrictions);
    if (!(await this.keys.insertIfBelowLimit(issued.key, MAX_ACTIVE_KEYS))) throw new KeyLimitReached(MAX_ACTIVE_KEYS);
    await this.keepEndedKeys(userId, now);
    return issued;
  }

  /** Keys only accumulate through creations and rolls: keeping the last ended ones bounds an account's key list. */
  private async keepEndedKeys(userId: string, now: Date): Promise<void> {
    await this.keys.deleteEndedBeyond(userId, KEPT_ENDED_KEYS, now);
  }

  /** The account's keys, oldest first; of one mode only when `mode` is given. */
  async list(userId: string, mode?: KeyMode): Promise<ApiKey[]> {
    const keys = await this.keys.listByUser(userId);
    return mode ? keys.filter((key) => key.mode === mode) : keys;
  }

  /** One key of the account; someone else's is "not found". */
  async get(userId: string, keyId: string): Promise<ApiKey> {
    if (!isUuid(keyId)) throw new KeyNotFound();
    const key = await this.keys.findById(keyId);
    if (!key || !key.ownedBy(userId)) throw new KeyNotFound();
    return key;
  }

  /** What a key is now (active, revoked or expired), by this service's clock. */
  statusOf(key: ApiKey) {
    return key.statusAt(this.clock.now());
  }

  /**
   * Rotates a key: a replacement with the same label and restrictions (its `expires_at`
   * included), and the old key expiring after `graceHours` (0: at once). The old key's new
   * expiry is announced like a revocation, so no instance trusts its cached copy past it.
   * The replaced key does not count against the limit, so a rotation works at the limit;
   * a key still in its grace period counts until it expires.
   */
  async roll(userId: string, keyId: string, graceHours: number): Promise<{ key: ApiKey; secret: string; replaced: ApiKey }> {
    if (!Number.isInteger(graceHours) || graceHours < 0 || graceHours > MAX_ROLL_GRACE_HOURS) throw new InvalidGracePeriod();
    const replaced = await this.get(userId, keyId);
    const now = this.clock.now();
    const status = replaced.statusAt(now);
    if (status !== 'active') throw new KeyNotRollable(status);
    const issued = this.issuer.issue(userId, replaced.label, now, replaced.restrictions());
    replaced.expireBy(new Date(now.getTime() + graceHours * HOUR_MS));
    if (!(await this.keys.insertReplacing(issued.key, replaced, MAX_ACTIVE_KEYS))) throw new KeyLimitReached(MAX_ACTIVE_KEYS);
    await this.announceChange(replaced);
    await this.keepEndedKeys(userId, now);
    return { ...issued, replaced };
  }

  /** Someone else's key is "not found", never "forbidden". */
  async revoke(userId: string, keyId: string): Promise<ApiKey> {
    const key = await this.get(userId, keyId);
    key.revoke(this.clock.now());
    await this.keys.save(key);
    await this.announceChange(key);
    return key;
  }

  /** A saved revocation or expiry reaches this instance's cache at once, and the others' through the bus. */
  private async announceChange(key: ApiKey): Promise<void> {
    await this.cache.announce(key.toProps().keyHash);
  }
}
