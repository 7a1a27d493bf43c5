import { parseIsoTime } from './key-restrictions';

describe('parseIsoTime', () => {
  it.each([
    ['2026-12-31T23:59:59Z', '2026-12-31T23:59:59.000Z'],
    ['2026-12-31T23:59:59.123456789z', '2026-12-31T23:59:59.123Z'],
    ['2026-12-31T23:59Z', '2026-12-31T23:59:00.000Z'],
    ['2027-01-01T05:29:59+05:30', '2026-12-31T23:59:59.000Z'],
    ['2026-12-31T18:00:00-06:00', '2027-01-01T00:00:00.000Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('reads %j as %j', (text, instant) => {
    expect(parseIsoTime(text)?.toISOString()).toBe(instant);
  });

  it.each([
    ['2026-12-31T23:59:59', 'a local time: its instant would depend on the server'],
    ['2026-12-31', 'a date without a time'],
    ['2026-02-29T00:00:00Z', 'a day that does not exist'],
    ['2026-13-01T00:00:00Z', 'a 13th month'],
    ['2026-12-31T24:00:00Z', 'hour 24'],
    ['2026-12-31T23:60:00Z', 'minute 60'],
    ['2026-12-31 23:59:59Z', 'no T'],
    ['2026-12-31T23:59:59+2400', 'an offset without a colon'],
    ['1798761599', 'a Unix time'],
  ])('refuses %j (%s)', (text) => {
    expect(parseIsoTime(text)).toBeNull();
  });
});
