import { DateTime } from 'luxon';
import { RRuleTemporal } from 'rrule-temporal';
import { InvalidInput } from '../../../common/errors/domain-error';

/**
 * When an item is due (API.md section 13), and how it recurs. Zones and instants come from
 * luxon, occurrences from rrule-temporal (ADR 0016); nothing here does calendar arithmetic of
 * its own. The rules, and the decisions where the contract is silent, are in docs/API.md
 * ("Due dates and recurrence").
 */
export interface Due {
  /** `YYYY-MM-DD`, a real calendar date. */
  date: string;
  /** `HH:MM` (24 h), or null for an all-day due. */
  time: string | null;
  /** An IANA name; set exactly when `time` is. */
  timeZone: string | null;
  /** The RRULE value (the supported subset, upper case, no `RRULE:` prefix), or null. */
  recurrence: string | null;
  /** `date`+`time` in `timeZone` as an instant; null for an all-day due. */
  at: Date | null;
  /**
   * The DTSTART that COUNT and UNTIL count from: the date a client gave together with the
   * recurrence. Completing an occurrence moves `date` and keeps this. Never published.
   */
  seriesStart: string | null;
}

export type DueReading = { ok: true; due: Due | null } | { ok: false; field: string; message: string };

/** The members a request's `due` may carry (`at` is output only and ignored on input). */
export const DUE_MEMBERS: readonly string[] = ['date', 'time', 'time_zone', 'recurrence', 'at'];
export const RECURRENCE_MAX_LENGTH = 200;
export const TIME_ZONE_MAX_LENGTH = 64;
export const RECURRENCE_FREQUENCIES: readonly string[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
export const RECURRENCE_PARTS: readonly string[] = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'COUNT', 'UNTIL'];

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_SHAPE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An IANA name: words of letters, digits, `_`, `+`, `-` joined by `/`, starting with a letter (no offsets such as `+01:00`). */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const PART_SHAPE = /^([A-Z]+)=(.*)$/;
const WEEKDAY_SHAPE = /^([+-]?)(\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const MONTH_DAY_SHAPE = /^([1-9]|[12]\d|3[01]|-1)$/;
const MONTH_SHAPE = /^([1-9]|1[0-2])$/;
const POSITIVE_INTEGER = /^[1-9]\d{0,3}$/;
const UNTIL_SHAPE = /^(\d{4})(\d{2})(\d{2})$/;

type Failure = { ok: false; field: string; message: string };
const failure = (field: string, message: string): Failure => ({ ok: false, field, message: `${field} ${message}` });

/**
 * The request's `due` member, checked: `null` clears (a null due), an object is read member by
 * member, anything else fails. `path` names the member in messages (`due`, `items[2].due`,
 * `set.due`); a failure's `field` is the full path of the member at fault.
 */
export function readDue(raw: unknown, path = 'due'): DueReading {
  if (raw === null) return { ok: true, due: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) return failure(path, 'must be an object or null');
  const members = raw as Record<string, unknown>;
  const unknown = Object.keys(members).filter((key) => !DUE_MEMBERS.includes(key));
  if (unknown.length > 0) {
    return failure(`${path}.${unknown[0]}`, `should not exist (a due has ${DUE_MEMBERS.join(', ')})`);
  }

  const date = members.date;
  if (date === undefined || date === null) return failure(`${path}.date`, 'is required (YYYY-MM-DD)');
  if (typeof date !== 'string' || !isCalendarDate(date)) return failure(`${path}.date`, 'must be a real calendar date YYYY-MM-DD');

  const time = members.time ?? null;
  if (time !== null && (typeof time !== 'string' || !TIME_SHAPE.test(time))) {
    return failure(`${path}.time`, 'must be HH:MM (24 h, 00:00-23:59) or null');
  }

  const rawZone = members.time_zone ?? null;
  let timeZone: string | null = null;
  if (rawZone !== null) {
    if (typeof rawZone !== 'string') return failure(`${path}.time_zone`, 'must be an IANA time zone name or null');
    timeZone = canonicalTimeZone(rawZone);
    if (timeZone === null) return failure(`${path}.time_zone`, 'is not a known IANA time zone name (such as Europe/Berlin)');
  }
  if (time !== null && timeZone === null) return failure(`${path}.time_zone`, 'is required with a time');
  if (time === null && timeZone !== null) return failure(`${path}.time_zone`, 'must be null without a time (an all-day due has no zone)');

  const rawRecurrence = members.recurrence ?? null;
  let recurrence: string | null = null;
  if (rawRecurrence !== null) {
    if (typeof rawRecurrence !== 'string') return failure(`${path}.recurrence`, 'must be an RRULE value or null');
    const rule = readRecurrence(rawRecurrence);
    if (!rule.ok) return failure(`${path}.recurrence`, rule.problem);
    recurrence = rule.value;
  }

  const due: Due = { date, time, timeZone, recurrence, at: dueAt(date, time, timeZone), seriesStart: recurrence ? date : null };
  if (recurrence && occurrenceAfter(due) === 'too-rare') {
    return failure(`${path}.recurrence`, `has no occurrence within ${SEARCH_LIMIT} periods after ${date}`);
  }
  return { ok: true, due };
}

/** readDue as a service calls it: the due, or an InvalidInput (400) naming the field. */
export function parseDue(raw: unknown, path = 'due'): Due | null {
  const reading = readDue(raw, path);
  if (!reading.ok) throw new InvalidInput('INVALID_DUE', reading.message);
  return reading.due;
}

/**
 * The occurrence after `due`: the first date of its recurrence strictly after `due.date`,
 * counted from `seriesStart` (the DTSTART, itself the first occurrence as RFC 5545 counts it),
 * at the same local time in the same zone (so `at` follows daylight-saving changes); null when
 * the due does not recur or its COUNT or UNTIL is spent.
 */
export function nextOccurrence(due: Due): Due | null {
  const next = occurrenceAfter(due);
  if (next === null || next === 'too-rare') return null;
  return { ...due, date: next.date, at: dueAt(next.date, due.time, due.timeZone) };
}

/** The resource's `due` member (snake_case, `at` as an ISO 8601 UTC string). */
export function dueResource(due: Due | null): {
  date: string;
  time: string | null;
  time_zone: string | null;
  recurrence: string | null;
  at: string | null;
} | null {
  if (!due) return null;
  return { date: due.date, time: due.time, time_zone: due.timeZone, recurrence: due.recurrence, at: due.at ? due.at.toISOString() : null };
}

/**
 * The instant of `date` at `time` in `zone`, or null for an all-day due. A local time that a
 * spring-forward change skips is read with the offset before the change, so it lands as far
 * after the change as it was meant after the last valid minute (02:30 in a 02:00→03:00 gap is
 * 03:30 summer time), as RFC 5545 section 3.3.5 reads such times. A local time that an autumn
 * change repeats means the earlier of its two instants (the first 02:30, still summer time).
 */
export function dueAt(date: string, time: string | null, zone: string | null): Date | null {
  if (time === null || zone === null) return null;
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  // luxon resolves a skipped local time forward (the reading above); for a repeated one it
  // may pick either instant, so the earliest of the possible ones is taken.
  const local = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
  const instants = local.getPossibleOffsets().map((candidate) => candidate.toMillis());
  return new Date(instants.length > 0 ? Math.min(...instants) : local.toMillis());
}

/** True when `value` is `YYYY-MM-DD` and names a day of the Gregorian calendar (years 0001-9999). */
export function isCalendarDate(value: string): boolean {
  return DATE_SHAPE.test(value) && value.slice(0, 4) !== '0000' && DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

/**
 * The stored spelling of a time-zone name, or null when the runtime's zone database (ICU,
 * which luxon reads) does not know it. Names are matched case-insensitively; aliases (links
 * such as `US/Eastern`, `UTC`, `Etc/GMT+1`) are accepted and kept, not replaced by the zone they
 * link to, because which canonical name ICU reports differs between its versions. A name the
 * runtime lists (Intl.supportedValuesOf) takes the list's spelling, one the runtime resolves to
 * itself its resolved spelling; any other accepted name is kept as given.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH || !ZONE_SHAPE.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  const folded = name.toLowerCase();
  const listed = listedZones().get(folded);
  if (listed) return listed;
  return resolved.toLowerCase() === folded ? resolved : name;
}

let zonesByFoldedName: Map<string, string> | undefined;
function listedZones(): Map<string, string> {
  zonesByFoldedName ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));
  return zonesByFoldedName;
}

/**
 * How far the engine looks for an occurrence (rrule-temporal's cap on the periods it
 * advances through). A rule whose next occurrence lies further away, or that never occurs
 * (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`), is refused when written; the cap bounds the work
 * one rule costs.
 */
export const SEARCH_LIMIT = 10_000;

/**
 * The date after `due.date` on which the rule next occurs, null when COUNT or UNTIL ends the
 * series first, or 'too-rare' when the engine gives up within SEARCH_LIMIT periods. The rule
 * runs on calendar dates (DTSTART;VALUE=DATE): with no BYHOUR, BYMINUTE or BYSECOND in the
 * subset, an occurrence is a date, and the local time and zone apply to it afterwards.
 */
function occurrenceAfter(due: Due): { date: string } | null | 'too-rare' {
  if (!due.recurrence) return null;
  const start = (due.seriesStart ?? due.date).replaceAll('-', '');
  try {
    const rule = new RRuleTemporal({
      rruleString: `DTSTART;VALUE=DATE:${start}\nRRULE:${due.recurrence}`,
      includeDtstart: true,
      maxIterations: SEARCH_LIMIT,
    });
    // The dates are floating (VALUE=DATE), which the engine places at midnight UTC.
    const next = rule.next(new Date(`${due.date}T00:00:00Z`), false);
    return next ? { date: next.toPlainDate().toString() } : null;
  } catch (error) {
    if (error instanceof Error && /maximum (iterations|candidate)/i.test(error.message)) return 'too-rare';
    throw error;
  }
}

export type RecurrenceReading = { ok: true; value: string } | { ok: false; problem: string };

/**
 * An RRULE value against the subset of section 13: `;`-separated NAME=VALUE parts, FREQ
 * required, each part at most once, COUNT or UNTIL but not both. Names and values are
 * case-insensitive (RFC 5545); the value kept is upper case, parts in the order given.
 */
export function readRecurrence(raw: string): RecurrenceReading {
  const bad = (problem: string): RecurrenceReading => ({ ok: false, problem });
  if (raw.length === 0) return bad('must not be empty (give at least FREQ)');
  if (raw.length > RECURRENCE_MAX_LENGTH) return bad(`must be at most ${RECURRENCE_MAX_LENGTH} characters (got ${raw.length})`);
  const value = raw.toUpperCase();
  if (value.startsWith('RRULE:')) return bad('must be the rule without the RRULE: prefix');
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    const match = PART_SHAPE.exec(part);
    if (!match) return bad(`part "${shown(part)}" is not NAME=VALUE`);
    const [, name, partValue] = match;
    if (!RECURRENCE_PARTS.includes(name)) return bad(`part ${shown(name)} is not supported (parts: ${RECURRENCE_PARTS.join(', ')})`);
    if (parts.has(name)) return bad(`part ${name} is given twice`);
    parts.set(name, partValue);
  }
  const freq = parts.get('FREQ');
  if (freq === undefined) return bad('needs a FREQ part');
  if (!RECURRENCE_FREQUENCIES.includes(freq)) return bad(`part FREQ must be one of ${RECURRENCE_FREQUENCIES.join(', ')}`);
  const interval = parts.get('INTERVAL');
  if (interval !== undefined && !inRange(interval, 1, 366)) return bad('part INTERVAL must be 1-366');
  const count = parts.get('COUNT');
  if (count !== undefined && !inRange(count, 1, 1000)) return bad('part COUNT must be 1-1000');
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    const match = UNTIL_SHAPE.exec(until);
    if (!match || !isCalendarDate(`${match[1]}-${match[2]}-${match[3]}`)) return bad('part UNTIL must be a real date YYYYMMDD');
  }
  if (count !== undefined && until !== undefined) return bad('parts COUNT and UNTIL may not both be given');
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    for (const entry of byDay.split(',')) {
      const match = WEEKDAY_SHAPE.exec(entry);
      if (!match) return bad(`part BYDAY has "${shown(entry)}" (weekdays MO..SU, with MONTHLY an ordinal such as 1MO or -1FR)`);
      const [, sign, ordinal] = match;
      if (ordinal === undefined) {
        if (sign) return bad(`part BYDAY has "${shown(entry)}" (a sign needs an ordinal)`);
        continue;
      }
      if (freq !== 'MONTHLY') return bad(`part BYDAY may carry an ordinal (${entry}) only with FREQ=MONTHLY`);
      if (!inRange(ordinal, 1, 5)) return bad(`part BYDAY has "${shown(entry)}" (an ordinal is 1-5 or -1 to -5)`);
    }
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (freq === 'WEEKLY') return bad('part BYMONTHDAY may not be given with FREQ=WEEKLY');
    if (!byMonthDay.split(',').every((entry) => MONTH_DAY_SHAPE.test(entry))) return bad('part BYMONTHDAY must list days 1-31 or -1');
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined && !byMonth.split(',').every((entry) => MONTH_SHAPE.test(entry))) {
    return bad('part BYMONTH must list months 1-12');
  }
  return { ok: true, value };
}

function inRange(value: string, min: number, max: number): boolean {
  if (!POSITIVE_INTEGER.test(value)) return false;
  const number = Number(value);
  return number >= min && number <= max;
}

/** A client's text, bounded and escaped for a message. */
function shown(text: string): string {
  const bounded = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(bounded).slice(1, -1);
}
