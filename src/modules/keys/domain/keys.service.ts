import type { Principal } from '../../../common/auth/principal';
import { Clock } from '../../../common/ports/clock';
import type { WarningLog } from '../../../common/ports/warning-log';
import { IdGenerator, isUuid } from '../../../common/ports/id-generator';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { TokenHasher } from '../../../common/ports/token-hasher';
import { codePointLength } from '../../../common/text/unicode-text';
import type { KeyMode } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import { ListAccess } from '../../lists/domain/list-access';
import { AddressRanges } from './address-ranges';
import { ApiKey, hashKey, isKeyFormat } from './api-key';
import { runInMode } from '../../../common/auth/mode-context';
import { ApiKeyRepository } from './api-key.repository';
import { KeyRestrictionsInput, readRestrictions } from './key-restrictions';
import { InProcessRevocationBus, RevocationBus } from './revocation-bus';
import {
  ExpiredApiKey,
  InvalidApiKey,
  InvalidGracePeriod,
  InvalidKeyLabel,
  KeyLimitReached,
  KeyNotFound,
  KeyNotRollable,
  MissingApiKey,
  RevokedApiKey,
} from './keys.errors';

export const MAX_ACTIVE_KEYS = 20;
/**
 * Ended keys (revoked or expired) kept per account, those that ended last; older ones are
 * deleted (and stay refused: unknown).
 */
export const KEPT_ENDED_KEYS = 50;
/**
 * How long a verified key is trusted without asking the database again. It bounds how
 * late any instance can notice a revocation made elsewhere (the contract allows 1 s),
 * even when the revocation's announcement on the RevocationBus is lost.
 */
export const KEY_CACHE_TTL_MS = 900;
/**
 * A cached key used with less than this left of its TTL is read again in the background, so
 * that a key in steady use never makes a request wait for its re-read (which, under load,
 * was a second pool checkout and the tail of the adds' latency). Keys left unused expire.
 */
export const KEY_RENEW_AHEAD_MS = 450;
/** Background renewals start at most this often, each one read for every key then due. */
export const KEY_RENEW_EVERY_MS = 100;
const RENEW_BATCH_LIMIT = 500;
export const LAST_USED_RESOLUTION_MS = 60_000;
const CACHE_LIMIT = 10_000;

/** A roll's grace period for the replaced key: 0 (at once) to a week. */
export const MAX_ROLL_GRACE_HOURS = 168;
const HOUR_MS = 60 * 60 * 1000;

interface CachedKey {
  /** null: the key is refused, for `refusal`. */
  principal: Principal | null;
  refusal: 'revoked' | 'expired' | null;
  expiresAt: number;
}

/**
 * What a lookup learnt of a key, trusted until `expiresAt`: the TTL, and never past the key's
 * own expiry, so that every instance refuses an expired key from its expiry on without any
 * announcement.
 */
function cacheEntry(key: ApiKey, readAt: number): CachedKey {
  const lapse = readAt + KEY_CACHE_TTL_MS;
  const status = key.statusAt(new Date(readAt));
  if (status !== 'active') return { principal: null, refusal: status, expiresAt: lapse };
  const { userId, id, scopes, listIds, mode, allowedIps, label, expiresAt } = key.toProps();
  return {
    principal: { userId, keyId: id, scopes, listIds, mode, allowedIps, label, expiresAt },
    refusal: null,
    expiresAt: expiresAt ? Math.min(lapse, expiresAt.getTime()) : lapse,
  };
}

export class KeysService {
  private readonly cache = new Map<string, CachedKey>();
  private readonly lastTouched = new Map<string, number>();
  /**
   * Counts forget() calls, so that a lookup can tell a revocation came while it waited: it
   * may have read the key before the revocation was saved. One counter for every key, as
   * revocations are rare: a lookup that overlaps any of them only skips the cache once.
   */
  private forgets = 0;
  /** Keys used within KEY_RENEW_AHEAD_MS of expiry, waiting for the next renewal. */
  private readonly due = new Set<string>();
  private renewal: Promise<void> | null = null;
  private lastRenewalAt = Number.NEGATIVE_INFINITY;
  /** The last renewal failed: the next failures of the same outage are not logged again. */
  private renewalFailing = false;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly hasher: TokenHasher,
    private readonly lists: ListAccess,
    private readonly addresses: AddressRanges,
    private readonly revocations: RevocationBus = new InProcessRevocationBus(),
    private readonly log: WarningLog = console,
  ) {
    revocations.onRevoked((keyHash) => this.forget(keyHash));
  }

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
    await runInMode(restrictions.mode, async () => {
      for (const listId of restrictions.listIds ?? []) await this.lists.getVisible(accountViewer(userId), listId);
    });
    const issued = ApiKey.issue({ id: this.ids.next(), userId, label, now, restrictions }, this.secrets, this.hasher);
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
    const issued = ApiKey.issue(
      { id: this.ids.next(), userId, label: replaced.label, now, restrictions: replaced.restrictions() },
      this.secrets,
      this.hasher,
    );
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
    const { keyHash } = key.toProps();
    this.forget(keyHash);
    await this.revocations.announce(keyHash);
  }

  /** Drops a key from this instance's cache (a revocation or expiry seen here or announced by another instance). */
  forget(keyHash: string): void {
    this.cache.delete(keyHash);
    this.forgets += 1;
  }

  /**
   * Turns the X-API-Key header into the caller. A value of the wrong shape is refused
   * before any lookup; verified keys are cached briefly so most requests cost no query.
   */
  async authenticate(header: string | undefined): Promise<Principal> {
    if (header === undefined || header === '') throw new MissingApiKey();
    if (!isKeyFormat(header)) throw new InvalidApiKey();

    const keyHash = hashKey(this.hasher, header);
    const now = this.clock.now().getTime();
    let cached = this.cache.get(keyHash);
    if (!cached || cached.expiresAt <= now) {
      const forgetsBefore = this.forgets;
      const key = await this.keys.findByHash(keyHash);
      if (!key) throw new InvalidApiKey();
      cached = cacheEntry(key, now);
      // Caching a read that a revocation may have overtaken would undo forget() for a whole
      // TTL; this request began before the revocation, so it may still be answered with it.
      if (this.forgets === forgetsBefore) {
        if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(keyHash, cached);
      }
    } else if (cached.expiresAt - now <= KEY_RENEW_AHEAD_MS) {
      this.renewSoon(keyHash, now);
    }
    if (!cached.principal) throw cached.refusal === 'expired' ? new ExpiredApiKey() : new RevokedApiKey();
    this.noteUse(cached.principal.keyId, now);
    return cached.principal;
  }

  /** Settles when no background renewal is running (shutdown, tests); a renewal never rejects. */
  async renewalsSettled(): Promise<void> {
    while (this.renewal) await this.renewal;
  }

  /**
   * Queues the key for the next background renewal and starts one unless one is running or
   * the last began less than KEY_RENEW_EVERY_MS ago: many due keys share one read.
   */
  private renewSoon(keyHash: string, now: number): void {
    if (this.due.size < CACHE_LIMIT) this.due.add(keyHash);
    if (this.renewal || now - this.lastRenewalAt < KEY_RENEW_EVERY_MS) return;
    this.lastRenewalAt = now;
    this.renewal = this.renew(now).finally(() => (this.renewal = null));
  }

  /**
   * Reads the due keys again and trusts what it read until `readAt` + TTL: `readAt` is taken
   * before the read, so a revocation saved after it is noticed within the TTL, as with a
   * request's own read. An entry that changed meanwhile (forgotten on a revocation, or read
   * again by a request) is left as it is, so a renewal never undoes forget().
   */
  private async renew(readAt: number): Promise<void> {
    const batch: Array<[string, CachedKey]> = [];
    for (const keyHash of this.due) {
      if (batch.length === RENEW_BATCH_LIMIT) break;
      this.due.delete(keyHash);
      const entry = this.cache.get(keyHash);
      // A key used again while the last renewal was reading it is due no more.
      if (entry && entry.expiresAt - readAt <= KEY_RENEW_AHEAD_MS) batch.push([keyHash, entry]);
    }
    if (batch.length === 0) return;
    let found: Map<string, ApiKey>;
    try {
      const keys = await this.keys.findManyByHash(batch.map(([keyHash]) => keyHash));
      found = new Map(keys.map((key) => [key.toProps().keyHash, key]));
    } catch (error: unknown) {
      // The entries expire as they would have; the requests after that read their keys
      // themselves. Once per outage, not once per renewal (up to ten a second).
      if (!this.renewalFailing) this.log.warn({ err: error, keys: batch.length }, 'could not renew cached keys');
      this.renewalFailing = true;
      return;
    }
    this.renewalFailing = false;
    for (const [keyHash, entry] of batch) {
      if (this.cache.get(keyHash) !== entry) continue;
      const key = found.get(keyHash);
      if (key) this.cache.set(keyHash, cacheEntry(key, readAt));
      else this.cache.delete(keyHash);
    }
  }

  /**
   * last_used_at is written at most once a minute per key, off the request's critical
   * path: this instance skips the write within the minute, and the repository's
   * conditional write stops other instances from repeating it.
   */
  private noteUse(keyId: string, now: number): void {
    const last = this.lastTouched.get(keyId);
    if (last !== undefined && now - last < LAST_USED_RESOLUTION_MS) return;
    if (this.lastTouched.size >= CACHE_LIMIT) this.lastTouched.clear();
    this.lastTouched.set(keyId, now);
    this.keys.touchLastUsed(keyId, new Date(now), LAST_USED_RESOLUTION_MS).catch((error: unknown) => {
      this.log.warn({ err: error, keyId }, 'could not record last use of a key');
    });
  }
}
