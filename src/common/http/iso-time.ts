/**
 * How every response shows an instant: ISO 8601 in UTC with milliseconds
 * (`2026-11-22T09:15:03.120Z`, docs/API.md "Conventions"), and `null` for one that has not
 * happened (a key never used, an item still open).
 *
 * Exactly `Date.prototype.toISOString` (a property spec compares the two), written out because
 * a page of 100 items shows up to 200 instants and V8 formats each through C's printf, several
 * times the cost of this: the day's part is formatted once per day and kept (one entry, so
 * nothing to bound), and the time of day is plain arithmetic on the milliseconds.
 */
export function isoTime(date: Date): string;
export function isoTime(date: Date | null | undefined): string | null;
export function isoTime(date: Date | null | undefined): string | null {
  return date ? format(date) : null;
}

const DAY_MS = 86_400_000;
let cachedDay = NaN;
let cachedDayPrefix = '';

const two = (n: number): string => (n < 10 ? '0' : '') + n;
const three = (n: number): string => (n < 10 ? '00' : n < 100 ? '0' : '') + n;

function format(date: Date): string {
  const ms = date.getTime();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    const full = date.toISOString();
    // Years outside 0000-9999 have a sign and six digits: left to toISOString, never kept.
    if (full.length !== 24) return full;
    cachedDay = day;
    cachedDayPrefix = full.slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${cachedDayPrefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
