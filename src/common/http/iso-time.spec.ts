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
});
