const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/**
 * Waits before the 2nd … 8th attempt (API.md section 8): after the first failure 5 s, then
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; a failure after the last is final.
 */
export const RETRY_DELAYS_MS: readonly number[] = [5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H];

/** Jitter: each wait is lengthened by up to this fraction, so receivers recovering together are not hit together. */
export const JITTER = 0.1;

/**
 * When the next attempt is due after `attempts` failed ones (1 after the first failure), or
 * null when none is left. `random` is in [0, 1) (Math.random; fixed in tests). A Retry-After
 * the receiver sent (429/503) is honoured when it asks for longer.
 */
export function nextAttemptAt(attempts: number, now: Date, random: number, retryAfterMs: number | null = null): Date | null {
  return nextAttemptOn(RETRY_DELAYS_MS, attempts, now, random, retryAfterMs);
}

/** nextAttemptAt on another schedule (`delays[n - 1]` is the wait after the n-th failure), with the same jitter. */
export function nextAttemptOn(
  delays: readonly number[],
  attempts: number,
  now: Date,
  random: number,
  retryAfterMs: number | null = null,
): Date | null {
  if (attempts < 1 || attempts > delays.length) return null;
  const base = delays[attempts - 1];
  const jittered = Math.round(base * (1 + JITTER * Math.min(Math.max(random, 0), 1)));
  return new Date(now.getTime() + Math.max(jittered, retryAfterMs ?? 0));
}

/** Retry-After longer than this is capped: a receiver cannot park a delivery for weeks. */
const RETRY_AFTER_CAP_MS = 24 * H;

/**
 * A Retry-After header (RFC 9110: delay-seconds or an HTTP-date) as a wait from `now`, or
 * null when absent or unreadable. A date in the past is no wait (0).
 */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | null {
  if (header === null || header === undefined) return null;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Math.min(Number(value) * S, RETRY_AFTER_CAP_MS);
  // An HTTP-date has a weekday, a day, a month name, a year and a time; Date.parse of a bare
  // number or of free text would accept too much.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now.getTime(), 0), RETRY_AFTER_CAP_MS);
}
