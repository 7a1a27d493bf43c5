/**
 * When an item is due (API.md section 13): a calendar date, optionally a local time in an IANA
 * time zone, optionally a recurrence rule. Plain data; the rules live in the functions beside it.
 */
export interface Due {
  /** YYYY-MM-DD, a real calendar date. */
  date: string;
  /** HH:MM (24 h), or null for an all-day due. */
  time: string | null;
  /** IANA name, required with `time`, null without it. */
  timeZone: string | null;
  /** An RFC 5545 RRULE value (no `RRULE:` prefix), or null. */
  recurrence: string | null;
  /** `date` + `time` in `timeZone`; null when all-day. Computed by the service, never read from a client. */
  at: Date | null;
  /** Never published: the DTSTART the recurrence counts from (COUNT, UNTIL). */
  seriesStart: string | null;
}

/** The reading of a request's `due` member: the due (null clears it), or the field that breaks a rule. */
export type DueReading = { ok: true; due: Due | null } | { ok: false; field: string; message: string };
