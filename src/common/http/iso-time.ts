/**
 * How every response shows an instant: ISO 8601 in UTC with milliseconds
 * (`2026-11-22T09:15:03.120Z`, docs/API.md "Conventions"), and `null` for one that has not
 * happened (a key never used, an item still open).
 */
export function isoTime(date: Date): string;
export function isoTime(date: Date | null | undefined): string | null;
export function isoTime(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
