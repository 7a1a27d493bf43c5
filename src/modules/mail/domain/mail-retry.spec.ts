import { JITTER } from '../../../common/outbox/retry-schedule';
import { MAIL_RETRY_DELAYS_MS, mailRetryAt } from './mail-retry';

const now = new Date('2026-11-24T10:00:00.000Z');
const waitOf = (at: Date | null) => (at === null ? null : at.getTime() - now.getTime());
const S = 1000;
const H = 3600 * S;

describe('mail retry schedule', () => {
  it('waits seconds at first, doubling, then minutes and hours, capped at 10 h, then gives up', () => {
    expect(MAIL_RETRY_DELAYS_MS).toEqual([5 * S, 10 * S, 20 * S, 40 * S, 80 * S, 160 * S, 300 * S, 1800 * S, 2 * H, 5 * H, 10 * H, 10 * H]);
    MAIL_RETRY_DELAYS_MS.forEach((delay, i) => expect(waitOf(mailRetryAt(i + 1, now, 0))).toBe(delay));
    for (let i = 1; i < MAIL_RETRY_DELAYS_MS.length; i++)
      expect(MAIL_RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(MAIL_RETRY_DELAYS_MS[i - 1]);
    expect(Math.max(...MAIL_RETRY_DELAYS_MS)).toBe(10 * H);
    expect(mailRetryAt(MAIL_RETRY_DELAYS_MS.length + 1, now, 0)).toBeNull();
    expect(mailRetryAt(0, now, 0)).toBeNull();
  });

  it('tries again within a minute three times, and keeps trying for about a day', () => {
    const total = MAIL_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(MAIL_RETRY_DELAYS_MS.slice(0, 3).reduce((sum, delay) => sum + delay, 0)).toBeLessThan(60 * S);
    expect(total).toBeGreaterThan(24 * H);
    expect(total).toBeLessThan(30 * H);
  });

  it('adds at most 10 % jitter, never less than the base', () => {
    for (const [i, delay] of MAIL_RETRY_DELAYS_MS.entries()) {
      for (const random of [0, 0.5, 0.999999, 1, -1, 2]) {
        const wait = waitOf(mailRetryAt(i + 1, now, random))!;
        expect(wait).toBeGreaterThanOrEqual(delay);
        expect(wait).toBeLessThanOrEqual(Math.round(delay * (1 + JITTER)));
      }
    }
    expect(waitOf(mailRetryAt(2, now, 0.5))).toBe(10_500);
  });
});
