import fc from 'fast-check';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('shows an instant in UTC with milliseconds, whatever the zone it was made in', () => {
    expect(isoTime(new Date('2026-11-22T10:15:03.12+01:00'))).toBe('2026-11-22T09:15:03.120Z');
    expect(isoTime(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });

  it('shows null for an instant that has not happened', () => {
    expect(isoTime(null)).toBeNull();
    expect(isoTime(undefined)).toBeNull();
  });

  it('is toISOString for every instant a Date can hold, the same day or not', () => {
    const instant = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
      fc.constantFrom(-1, 0, 1, Date.UTC(999, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1)),
    );
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 5 }), (instants) => {
        for (const ms of instants) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });
});
