import { nextAttemptOn } from '../../../common/outbox/retry-schedule';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/**
 * Waits before the 2nd … 13th attempt after a temporary failure (a refused or dropped
 * connection, a timeout, a 4xx answer): seconds at first, doubling, then the long tail a
 * receiving server that defers for hours needs: 5 s, 10 s, 20 s, 40 s, 80 s, 160 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h (about 28 hours in all); a failure after the last is final.
 * Mail is shorter-lived than a webhook delivery (a reset link lasts an hour), so it starts
 * faster than the webhooks' schedule; the wake-up (DeferredMailProbe, MailAttempts) sends
 * what waits as soon as the server takes mail again, whatever step a message is at.
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [
  5 * S,
  10 * S,
  20 * S,
  40 * S,
  80 * S,
  160 * S,
  5 * MIN,
  30 * MIN,
  2 * H,
  5 * H,
  10 * H,
  10 * H,
];

/** When a message is due again after its `attempts`-th failed attempt (with up to 10 % jitter), or null when none is left. */
export function mailRetryAt(attempts: number, now: Date, random: number): Date | null {
  return nextAttemptOn(MAIL_RETRY_DELAYS_MS, attempts, now, random);
}
