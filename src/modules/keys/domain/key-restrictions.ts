import { type KeyMode, MODES } from '../../../common/auth/principal';
import { Scope, SCOPES } from '../../../common/auth/scopes';
import { isUuid } from '../../../common/ports/id-generator';
import type { AddressRanges } from './address-ranges';
import type { KeyRestrictions } from './api-key';
import { InvalidKeyRestriction } from './keys.errors';

/** The bounds of a key's restrictions (API.md section 9). */
export const MAX_KEY_LISTS = 100;
export const MAX_ALLOWED_IPS = 20;
export const MAX_KEY_LIFETIME_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export const KEY_MODES = MODES;

/**
 * What a caller asks of a new key, as it arrives (the portal's body, the operator command's
 * options): types already checked, rules not yet. Absent or null is the default.
 */
export interface KeyRestrictionsInput {
  mode?: string | null;
  scopes?: readonly string[] | null;
  listIds?: readonly string[] | null;
  /** ISO 8601 with a time and a UTC offset (`Z` or `±hh:mm`). */
  expiresAt?: string | null;
  allowedIps?: readonly string[] | null;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An ISO 8601 time with a UTC offset, or null: each field within its calendar bounds (Date.parse
 * alone would take 30 February as 2 March), and no local time, whose instant would depend on
 * where the service runs.
 */
export function parseIsoTime(text: string): Date | null {
  const match = ISO_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match.slice(1);
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  const inBounds =
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59;
  const time = Date.parse(text);
  return inBounds && Number.isFinite(time) ? new Date(time) : null;
}

/** Names every repeated value once, for the message. */
const repeatedIn = (values: readonly string[]): string[] => [...new Set(values.filter((value, i) => values.indexOf(value) !== i))];

function readMode(mode: string | null | undefined): KeyMode {
  if (mode === undefined || mode === null || mode === 'live') return 'live';
  if (mode === 'test') return 'test';
  throw new InvalidKeyRestriction(`mode must be "live" or "test", not ${JSON.stringify(mode)}`);
}

function readScopes(scopes: readonly string[] | null | undefined): Scope[] {
  if (scopes === undefined || scopes === null) return [...SCOPES];
  if (scopes.length === 0) throw new InvalidKeyRestriction(`scopes must name at least one of ${SCOPES.join(', ')}`);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new InvalidKeyRestriction(
      `unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}: the scopes are ${SCOPES.join(', ')}`,
    );
  }
  const repeated = repeatedIn(scopes);
  if (repeated.length > 0) throw new InvalidKeyRestriction(`scopes must not repeat ${repeated.join(', ')}`);
  return SCOPES.filter((scope) => scopes.includes(scope));
}

function readListIds(listIds: readonly string[] | null | undefined): string[] | null {
  if (listIds === undefined || listIds === null) return null;
  if (listIds.length < 1 || listIds.length > MAX_KEY_LISTS)
    throw new InvalidKeyRestriction(`list_ids must hold 1-${MAX_KEY_LISTS} list ids`);
  // A malformed id names no list: it is "not found" when the lists are looked up, as everywhere.
  const ids = listIds.map((id) => (isUuid(id) ? id.toLowerCase() : id));
  const repeated = repeatedIn(ids);
  if (repeated.length > 0) throw new InvalidKeyRestriction(`list_ids must not repeat ${repeated.join(', ')}`);
  return ids;
}

function readExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = parseIsoTime(expiresAt);
  if (!at) throw new InvalidKeyRestriction('expires_at must be an ISO 8601 time with a UTC offset, e.g. 2026-12-31T23:59:59Z');
  if (at.getTime() <= now.getTime()) throw new InvalidKeyRestriction('expires_at must be in the future');
  if (at.getTime() - now.getTime() > MAX_KEY_LIFETIME_DAYS * DAY_MS) {
    throw new InvalidKeyRestriction(`expires_at must be at most ${MAX_KEY_LIFETIME_DAYS} days ahead`);
  }
  return at;
}

function readAllowedIps(allowedIps: readonly string[] | null | undefined, ranges: AddressRanges): string[] | null {
  if (allowedIps === undefined || allowedIps === null) return null;
  if (allowedIps.length < 1 || allowedIps.length > MAX_ALLOWED_IPS) {
    throw new InvalidKeyRestriction(`allowed_ips must hold 1-${MAX_ALLOWED_IPS} addresses or CIDR ranges`);
  }
  const canonical = allowedIps.map((text) => {
    const reading = ranges.read(text);
    if (reading.problem !== undefined) throw new InvalidKeyRestriction(`allowed_ips: ${JSON.stringify(text)} ${reading.problem}`);
    return reading.canonical;
  });
  const repeated = repeatedIn(canonical);
  if (repeated.length > 0) throw new InvalidKeyRestriction(`allowed_ips must not repeat ${repeated.join(', ')}`);
  return canonical;
}

/**
 * A new key's restrictions from what the caller asked, by the rules of API.md section 9, or
 * the first rule broken (400). Whether the lists exist for the account is KeysService's
 * question (it asks the lists module).
 */
export function readRestrictions(input: KeyRestrictionsInput, now: Date, ranges: AddressRanges): KeyRestrictions {
  return {
    mode: readMode(input.mode),
    scopes: readScopes(input.scopes),
    listIds: readListIds(input.listIds),
    expiresAt: readExpiry(input.expiresAt, now),
    allowedIps: readAllowedIps(input.allowedIps, ranges),
  };
}
