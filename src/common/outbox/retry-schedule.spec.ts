import { JITTER, nextAttemptAt, parseRetryAfter, RETRY_DELAYS_MS } from './retry-schedule';

const now = new Date('2026-11-24T10:00:00.000Z');
const waitOf = (at: Date | null) => (at === null ? null : at.getTime() - now.getTime());

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    RETRY_DELAYS_MS.forEach((delay, i) => expect(waitOf(nextAttemptAt(i + 1, now, 0))).toBe(delay));
    expect(nextAttemptAt(8, now, 0)).toBeNull();
    expect(nextAttemptAt(0, now, 0)).toBeNull();
  });

  it('adds at most 10 % jitter, never less than the base', () => {
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      for (const random of [0, 0.25, 0.5, 0.999999, 1, -1, 2]) {
        const wait = waitOf(nextAttemptAt(i + 1, now, random))!;
        expect(wait).toBeGreaterThanOrEqual(delay);
        expect(wait).toBeLessThanOrEqual(Math.round(delay * (1 + JITTER)));
      }
    }
    expect(waitOf(nextAttemptAt(1, now, 0.5))).toBe(5_250);
  });

  it('honours a Retry-After only when it asks for longer', () => {
    expect(waitOf(nextAttemptAt(1, now, 0, 60_000))).toBe(60_000);
    expect(waitOf(nextAttemptAt(2, now, 0, 60_000))).toBe(300_000);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('caps a very long wait at a day and ignores what it cannot read', () => {
    expect(parseRetryAfter('9999999999', now)).toBe(24 * 3600_000);
    for (const bad of [null, undefined, '', '-5', '1.5', 'soon', '2026-11-24T10:02:00Z', 'Tue, 99 Foo 2026 10:02:00 GMT']) {
      expect(parseRetryAfter(bad, now)).toBeNull();
    }
  });
});
