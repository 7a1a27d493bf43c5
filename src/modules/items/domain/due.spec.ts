import { canonicalTimeZone, Due, dueAt, dueResource, nextOccurrence, parseDue, readDue, readRecurrence } from './due';

/** A due as readDue gives it, failing the spec when the input is refused. */
function due(raw: Record<string, unknown>): Due {
  const reading = readDue(raw);
  if (!reading.ok) throw new Error(`expected a valid due, got: ${reading.message}`);
  if (!reading.due) throw new Error('expected a due, got null');
  return reading.due;
}

/** The dates of the occurrences after `first`, completing one after another (at most `limit`). */
function occurrences(first: Due, limit = 10): string[] {
  const dates: string[] = [];
  let current: Due | null = nextOccurrence(first);
  while (current && dates.length < limit) {
    dates.push(current.date);
    current = nextOccurrence(current);
  }
  return dates;
}

const failure = (field: string, message: RegExp | string) => ({ ok: false, field, message: expect.stringMatching(message) });

describe('readDue', () => {
  it('reads null as no due (clearing it)', () => {
    expect(readDue(null)).toEqual({ ok: true, due: null });
  });

  it('reads an all-day due with the omitted members as null', () => {
    expect(readDue({ date: '2026-12-24' })).toEqual({
      ok: true,
      due: { date: '2026-12-24', time: null, timeZone: null, recurrence: null, at: null, seriesStart: null },
    });
  });

  it('reads a timed due and computes at in its zone', () => {
    const read = due({ date: '2026-07-01', time: '09:00', time_zone: 'Europe/Berlin', recurrence: null });
    expect(read.at?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(dueResource(read)).toEqual({
      date: '2026-07-01',
      time: '09:00',
      time_zone: 'Europe/Berlin',
      recurrence: null,
      at: '2026-07-01T07:00:00.000Z',
    });
    expect(dueResource(null)).toBeNull();
  });

  it('ignores at on input', () => {
    expect(due({ date: '2026-07-01', at: 'whatever' }).at).toBeNull();
    expect(due({ date: '2026-07-01', time: '00:00', time_zone: 'UTC', at: '1999-01-01T00:00:00.000Z' }).at?.toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });

  it('sets the series start to the date when a recurrence is given', () => {
    expect(due({ date: '2026-03-23', recurrence: 'FREQ=WEEKLY' }).seriesStart).toBe('2026-03-23');
  });

  it.each([
    ['a string', '2026-01-01'],
    ['an array', []],
    ['a number', 5],
    ['a boolean', true],
  ])('refuses %s as due', (_, raw) => {
    expect(readDue(raw)).toEqual(failure('due', 'due must be an object or null'));
  });

  it('refuses an unknown member, naming it', () => {
    expect(readDue({ date: '2026-01-01', tz: 'UTC' })).toEqual(failure('due.tz', /^due\.tz should not exist/));
  });

  it('names the path it is given', () => {
    expect(readDue({ date: '2026-02-30' }, 'items[2].due')).toEqual(failure('items[2].due.date', /^items\[2\]\.due\.date /));
  });

  it('throws InvalidInput from parseDue', () => {
    expect(parseDue(null)).toBeNull();
    expect(() => parseDue({})).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'INVALID_DUE', message: 'due.date is required (YYYY-MM-DD)' }),
    );
  });

  describe('date', () => {
    it('is required', () => {
      expect(readDue({})).toEqual(failure('due.date', 'required'));
      expect(readDue({ date: null, time: null })).toEqual(failure('due.date', 'required'));
    });

    it.each([
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '0000-01-01',
      '2026-2-1',
      '20260201',
      '2026-02-01T00:00',
      ' 2026-02-01',
      '',
    ])('refuses %j', (date) => {
      expect(readDue({ date })).toEqual(failure('due.date', 'must be a real calendar date YYYY-MM-DD'));
    });

    it('refuses a non-string', () => {
      expect(readDue({ date: 20260201 })).toEqual(failure('due.date', 'real calendar date'));
    });

    it.each(['2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31'])('accepts %s', (date) => {
      expect(due({ date }).date).toBe(date);
    });
  });

  describe('time', () => {
    it.each(['24:00', '9:00', '09:60', '09:00:00', '0900', '', 900])('refuses %j', (time) => {
      expect(readDue({ date: '2026-01-01', time, time_zone: 'UTC' })).toEqual(failure('due.time', 'must be HH:MM'));
    });

    it.each(['00:00', '23:59', '12:30'])('accepts %s', (time) => {
      expect(due({ date: '2026-01-01', time, time_zone: 'UTC' }).time).toBe(time);
    });
  });

  describe('time_zone', () => {
    it('is required with a time', () => {
      expect(readDue({ date: '2026-01-01', time: '09:00' })).toEqual(failure('due.time_zone', 'is required with a time'));
      expect(readDue({ date: '2026-01-01', time: '09:00', time_zone: null })).toEqual(failure('due.time_zone', 'is required'));
    });

    it('must be null without a time', () => {
      expect(readDue({ date: '2026-01-01', time_zone: 'Europe/Berlin' })).toEqual(failure('due.time_zone', 'must be null without a time'));
    });

    it.each(['Mars/Olympus_Mons', 'Europe/Berlin ', '+01:00', 'UTC+1', 'local', 'Z', '', 'Europe//Berlin', `A${'b'.repeat(64)}`])(
      'refuses %j',
      (zone) => {
        expect(readDue({ date: '2026-01-01', time: '09:00', time_zone: zone })).toEqual(failure('due.time_zone', 'not a known IANA'));
      },
    );

    it('refuses a non-string', () => {
      expect(readDue({ date: '2026-01-01', time: '09:00', time_zone: 1 })).toEqual(failure('due.time_zone', 'IANA time zone name'));
    });

    it.each([
      ['Europe/Berlin', 'Europe/Berlin'],
      ['europe/berlin', 'Europe/Berlin'],
      ['AMERICA/NEW_YORK', 'America/New_York'],
      ['UTC', 'UTC'],
      ['utc', 'UTC'],
      ['Etc/GMT+1', 'Etc/GMT+1'],
      ['US/Eastern', 'US/Eastern'],
    ])('accepts %s as %s', (given, stored) => {
      expect(canonicalTimeZone(given)).toBe(stored);
      expect(due({ date: '2026-01-01', time: '09:00', time_zone: given }).timeZone).toBe(stored);
    });

    it('reads Etc/GMT+1 as POSIX does: one hour behind UTC', () => {
      expect(dueAt('2026-01-01', '09:00', 'Etc/GMT+1')?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    });

    it('gives an alias the same instants as the zone it links to', () => {
      expect(dueAt('2026-07-01', '09:00', 'US/Eastern')).toEqual(dueAt('2026-07-01', '09:00', 'America/New_York'));
    });
  });

  describe('recurrence', () => {
    const withRule = (recurrence: unknown) => readDue({ date: '2026-03-23', recurrence });

    it.each([
      ['FREQ=DAILY'],
      ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR'],
      ['FREQ=MONTHLY;BYDAY=1MO,-1FR'],
      ['FREQ=MONTHLY;BYDAY=+2TU'],
      ['FREQ=MONTHLY;BYMONTHDAY=31,-1'],
      ['FREQ=YEARLY;BYMONTH=1,12;BYMONTHDAY=1;COUNT=1000'],
      ['FREQ=DAILY;INTERVAL=366;UNTIL=20301231'],
      ['FREQ=DAILY;BYDAY=SA,SU;BYMONTH=6'],
      [`FREQ=DAILY;INTERVAL=100;BYDAY=${'MO,'.repeat(56)}MO`], // 200 characters
    ])('accepts %s', (rule) => {
      expect(withRule(rule)).toEqual({ ok: true, due: expect.objectContaining({ recurrence: rule }) });
    });

    it('accepts lower case and keeps the rule in upper case, parts in the order given', () => {
      expect(readRecurrence('byday=mo;freq=weekly')).toEqual({ ok: true, value: 'BYDAY=MO;FREQ=WEEKLY' });
    });

    it('accepts a rule whose series is already over (completing then closes the item)', () => {
      expect(withRule('FREQ=DAILY;COUNT=1')).toEqual(expect.objectContaining({ ok: true }));
      expect(withRule('FREQ=DAILY;UNTIL=20260101')).toEqual(expect.objectContaining({ ok: true }));
    });

    it.each([
      ['BYHOUR', 'FREQ=DAILY;BYHOUR=9', /part BYHOUR is not supported/],
      ['WKST', 'FREQ=WEEKLY;WKST=SU', /part WKST is not supported/],
      ['BYSETPOS', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1', /part BYSETPOS is not supported/],
      ['an RRULE: prefix', 'RRULE:FREQ=DAILY', /without the RRULE: prefix/],
      ['a lower-case prefix', 'rrule:FREQ=DAILY', /without the RRULE: prefix/],
      ['an empty rule', '', /must not be empty/],
      ['an empty part', 'FREQ=DAILY;', /part "" is not NAME=VALUE/],
      ['a part without =', 'FREQ=DAILY;COUNT', /part "COUNT" is not NAME=VALUE/],
      ['no FREQ', 'INTERVAL=2', /needs a FREQ part/],
      ['FREQ=HOURLY', 'FREQ=HOURLY', /part FREQ must be one of DAILY, WEEKLY, MONTHLY, YEARLY/],
      ['a repeated part', 'FREQ=DAILY;FREQ=WEEKLY', /part FREQ is given twice/],
      ['INTERVAL=0', 'FREQ=DAILY;INTERVAL=0', /part INTERVAL must be 1-366/],
      ['INTERVAL=367', 'FREQ=DAILY;INTERVAL=367', /part INTERVAL must be 1-366/],
      ['INTERVAL=01', 'FREQ=DAILY;INTERVAL=01', /part INTERVAL must be 1-366/],
      ['INTERVAL=-1', 'FREQ=DAILY;INTERVAL=-1', /part INTERVAL must be 1-366/],
      ['COUNT=0', 'FREQ=DAILY;COUNT=0', /part COUNT must be 1-1000/],
      ['COUNT=1001', 'FREQ=DAILY;COUNT=1001', /part COUNT must be 1-1000/],
      ['UNTIL not a date', 'FREQ=DAILY;UNTIL=20260230', /part UNTIL must be a real date YYYYMMDD/],
      ['UNTIL with a time', 'FREQ=DAILY;UNTIL=20261231T000000Z', /part UNTIL must be a real date YYYYMMDD/],
      ['COUNT and UNTIL', 'FREQ=DAILY;COUNT=2;UNTIL=20261231', /parts COUNT and UNTIL may not both be given/],
      ['an unknown weekday', 'FREQ=WEEKLY;BYDAY=XX', /part BYDAY has "XX"/],
      ['an empty BYDAY entry', 'FREQ=WEEKLY;BYDAY=MO,', /part BYDAY has ""/],
      ['an ordinal with WEEKLY', 'FREQ=WEEKLY;BYDAY=1MO', /ordinal \(1MO\) only with FREQ=MONTHLY/],
      ['an ordinal with YEARLY', 'FREQ=YEARLY;BYDAY=-1FR', /ordinal \(-1FR\) only with FREQ=MONTHLY/],
      ['an ordinal 6', 'FREQ=MONTHLY;BYDAY=6MO', /an ordinal is 1-5 or -1 to -5/],
      ['an ordinal 0', 'FREQ=MONTHLY;BYDAY=0MO', /an ordinal is 1-5 or -1 to -5/],
      ['a sign without ordinal', 'FREQ=MONTHLY;BYDAY=-MO', /a sign needs an ordinal/],
      ['BYMONTHDAY=0', 'FREQ=MONTHLY;BYMONTHDAY=0', /part BYMONTHDAY must list days 1-31 or -1/],
      ['BYMONTHDAY=32', 'FREQ=MONTHLY;BYMONTHDAY=32', /part BYMONTHDAY must list days 1-31 or -1/],
      ['BYMONTHDAY=-2', 'FREQ=MONTHLY;BYMONTHDAY=-2', /part BYMONTHDAY must list days 1-31 or -1/],
      ['BYMONTHDAY with WEEKLY', 'FREQ=WEEKLY;BYMONTHDAY=1', /BYMONTHDAY may not be given with FREQ=WEEKLY/],
      ['BYMONTH=13', 'FREQ=YEARLY;BYMONTH=13', /part BYMONTH must list months 1-12/],
      ['BYMONTH=0', 'FREQ=YEARLY;BYMONTH=0', /part BYMONTH must list months 1-12/],
      ['201 characters', `FREQ=DAILY;INTERVAL=1;BYDAY=${'MO,'.repeat(57)}MO`, /at most 200 characters \(got 201\)/],
      ['a rule that never occurs', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', /has no occurrence within 10000 periods after 2026-03-23/],
    ])('refuses %s, naming it', (_, rule, message) => {
      expect(withRule(rule)).toEqual(failure('due.recurrence', message));
    });

    it('refuses a non-string', () => {
      expect(withRule({ FREQ: 'DAILY' })).toEqual(failure('due.recurrence', 'must be an RRULE value or null'));
    });

    it('names a long unknown part in bounded words', () => {
      const reading = withRule(`FREQ=DAILY;${'X'.repeat(150)}=1`);
      expect(reading).toEqual(failure('due.recurrence', /part X{40}… is not supported/));
    });
  });
});

describe('dueAt across daylight-saving changes', () => {
  it.each([
    // Europe/Berlin: CET (+01:00) to CEST (+02:00) on 2026-03-29 at 02:00, back on 2026-10-25 at 03:00.
    ['the day before spring forward', '2026-03-28', '09:00', 'Europe/Berlin', '2026-03-28T08:00:00.000Z'],
    ['the day after spring forward', '2026-03-30', '09:00', 'Europe/Berlin', '2026-03-30T07:00:00.000Z'],
    ['a time in the spring gap: shifted forward', '2026-03-29', '02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['the first minute after the gap', '2026-03-29', '03:00', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
    ['a time in the autumn overlap: the earlier instant', '2026-10-25', '02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['the day after fall back', '2026-10-26', '09:00', 'Europe/Berlin', '2026-10-26T08:00:00.000Z'],
    // America/New_York: EST (-05:00) to EDT (-04:00) on 2026-03-08 at 02:00, back on 2026-11-01 at 02:00.
    ['New York before spring forward', '2026-03-07', '09:00', 'America/New_York', '2026-03-07T14:00:00.000Z'],
    ['New York after spring forward', '2026-03-08', '09:00', 'America/New_York', '2026-03-08T13:00:00.000Z'],
    ['New York in the spring gap', '2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['New York in the autumn overlap', '2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['New York after fall back', '2026-11-02', '09:00', 'America/New_York', '2026-11-02T14:00:00.000Z'],
  ])('%s', (_, date, time, zone, instant) => {
    expect(dueAt(date, time, zone)?.toISOString()).toBe(instant);
  });

  it('is null for an all-day due', () => {
    expect(dueAt('2026-03-29', null, null)).toBeNull();
  });
});

describe('nextOccurrence', () => {
  it('is null without a recurrence', () => {
    expect(nextOccurrence(due({ date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin' }))).toBeNull();
  });

  it('keeps 09:00 Europe/Berlin across the March change (at moves by an hour)', () => {
    const first = due({ date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(first.at?.toISOString()).toBe('2026-03-23T08:00:00.000Z');
    const next = nextOccurrence(first);
    expect(next).toEqual({ ...first, date: '2026-03-30', at: new Date('2026-03-30T07:00:00.000Z') });
  });

  it('keeps 09:00 Europe/Berlin across the October change', () => {
    const first = due({ date: '2026-10-19', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY' });
    expect(first.at?.toISOString()).toBe('2026-10-19T07:00:00.000Z');
    expect(nextOccurrence(first)?.at?.toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('keeps 09:00 America/New_York across both changes', () => {
    const march = due({ date: '2026-03-07', time: '09:00', time_zone: 'America/New_York', recurrence: 'FREQ=DAILY' });
    expect(nextOccurrence(march)?.at?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
    const november = due({ date: '2026-10-31', time: '09:00', time_zone: 'America/New_York', recurrence: 'FREQ=DAILY' });
    expect(nextOccurrence(november)?.at?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('does not skip an occurrence whose local time falls in the spring gap: it is due at the shifted time', () => {
    const first = due({ date: '2026-03-22', time: '02:30', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY' });
    expect(nextOccurrence(first)).toEqual(
      expect.objectContaining({ date: '2026-03-29', time: '02:30', at: new Date('2026-03-29T01:30:00.000Z') }),
    );
  });

  it('takes the earlier instant for an occurrence in the autumn overlap', () => {
    const first = due({ date: '2026-10-18', time: '02:30', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY' });
    expect(nextOccurrence(first)?.at?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('moves an all-day due by calendar dates, at staying null', () => {
    const next = nextOccurrence(due({ date: '2026-03-28', recurrence: 'FREQ=DAILY' }));
    expect(next).toEqual(expect.objectContaining({ date: '2026-03-29', at: null, time: null, timeZone: null }));
  });

  it.each([
    ['DAILY', '2026-12-30', 'FREQ=DAILY', ['2026-12-31', '2027-01-01', '2027-01-02']],
    ['DAILY every 3 days', '2026-02-26', 'FREQ=DAILY;INTERVAL=3', ['2026-03-01', '2026-03-04', '2026-03-07']],
    ['WEEKLY', '2026-12-24', 'FREQ=WEEKLY', ['2026-12-31', '2027-01-07', '2027-01-14']],
    ['WEEKLY every 2 weeks', '2026-11-30', 'FREQ=WEEKLY;INTERVAL=2', ['2026-12-14', '2026-12-28', '2027-01-11']],
    ['WEEKLY on a list of days', '2026-11-30', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', ['2026-12-02', '2026-12-04', '2026-12-07', '2026-12-09']],
    ['WEEKLY on days, every other week', '2026-11-30', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', ['2026-12-03', '2026-12-14', '2026-12-17']],
    ['MONTHLY', '2026-01-15', 'FREQ=MONTHLY', ['2026-02-15', '2026-03-15', '2026-04-15']],
    ['MONTHLY every 3 months', '2026-11-15', 'FREQ=MONTHLY;INTERVAL=3', ['2027-02-15', '2027-05-15', '2027-08-15']],
    [
      'MONTHLY on the 31st (months without one are skipped)',
      '2026-01-31',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      ['2026-03-31', '2026-05-31', '2026-07-31'],
    ],
    ['MONTHLY from the 31st without BYMONTHDAY (RFC 5545 skips short months)', '2026-01-31', 'FREQ=MONTHLY', ['2026-03-31', '2026-05-31']],
    ['MONTHLY on the last day', '2026-01-31', 'FREQ=MONTHLY;BYMONTHDAY=-1', ['2026-02-28', '2026-03-31', '2026-04-30']],
    ['MONTHLY on the last day in a leap year', '2028-01-31', 'FREQ=MONTHLY;BYMONTHDAY=-1', ['2028-02-29', '2028-03-31']],
    ['MONTHLY on the first Monday', '2026-12-07', 'FREQ=MONTHLY;BYDAY=1MO', ['2027-01-04', '2027-02-01', '2027-03-01']],
    ['MONTHLY on the last Friday', '2026-01-30', 'FREQ=MONTHLY;BYDAY=-1FR', ['2026-02-27', '2026-03-27', '2026-04-24']],
    [
      'MONTHLY on the first Monday and the last Friday',
      '2026-12-07',
      'FREQ=MONTHLY;BYDAY=1MO,-1FR',
      ['2026-12-25', '2027-01-04', '2027-01-29'],
    ],
    [
      'MONTHLY on weekdays falling on the 13th',
      '2026-02-13',
      'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
      ['2026-03-13', '2026-11-13', '2027-08-13'],
    ],
    ['YEARLY', '2026-07-04', 'FREQ=YEARLY', ['2027-07-04', '2028-07-04']],
    ['YEARLY on Feb 29 (leap years only)', '2024-02-29', 'FREQ=YEARLY', ['2028-02-29', '2032-02-29', '2036-02-29']],
    ['YEARLY in listed months', '2026-03-01', 'FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1', ['2026-09-01', '2027-03-01', '2027-09-01']],
    ['DAILY in one month only', '2026-06-29', 'FREQ=DAILY;BYMONTH=6', ['2026-06-30', '2027-06-01', '2027-06-02']],
    ['DAILY on weekends', '2026-11-28', 'FREQ=DAILY;BYDAY=SA,SU', ['2026-11-29', '2026-12-05', '2026-12-06']],
  ])('%s', (_, date, recurrence, expected) => {
    expect(occurrences(due({ date, recurrence }), expected.length)).toEqual(expected);
  });

  it('ends after COUNT occurrences, the first being the series start', () => {
    expect(
      occurrences(due({ date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' })),
    ).toEqual(['2026-03-30', '2026-04-06']);
  });

  it('counts a series start that the rule does not match as the first occurrence (RFC 5545)', () => {
    // 2026-03-25 is a Wednesday: it, then two Mondays.
    expect(occurrences(due({ date: '2026-03-25', recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' }))).toEqual(['2026-03-30', '2026-04-06']);
  });

  it('counts COUNT from the series start, not from the current date', () => {
    const first = due({ date: '2026-01-01', recurrence: 'FREQ=DAILY;COUNT=5' });
    const third = { ...first, date: '2026-01-03' };
    expect(occurrences(third)).toEqual(['2026-01-04', '2026-01-05']);
  });

  it('ends at UNTIL, which is inclusive', () => {
    expect(occurrences(due({ date: '2026-01-30', recurrence: 'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260327' }))).toEqual([
      '2026-02-27',
      '2026-03-27',
    ]);
    expect(occurrences(due({ date: '2026-01-30', recurrence: 'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260326' }))).toEqual(['2026-02-27']);
  });

  it('ends at UNTIL for a timed due, UNTIL being a date in the due zone', () => {
    const first = due({ date: '2026-12-30', time: '23:30', time_zone: 'Pacific/Auckland', recurrence: 'FREQ=DAILY;UNTIL=20261231' });
    expect(occurrences(first)).toEqual(['2026-12-31']);
  });

  it('is null once COUNT is spent', () => {
    expect(nextOccurrence(due({ date: '2026-03-23', recurrence: 'FREQ=DAILY;COUNT=1' }))).toBeNull();
  });

  it('is null for a rule that never occurs again (the engine search is bounded)', () => {
    const never: Due = {
      date: '2026-01-01',
      time: null,
      timeZone: null,
      recurrence: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      at: null,
      seriesStart: '2026-01-01',
    };
    expect(nextOccurrence(never)).toBeNull();
  });

  it('finds the next occurrence of a long-running series', () => {
    const old: Due = {
      date: '2026-11-28',
      time: null,
      timeZone: null,
      recurrence: 'FREQ=DAILY;INTERVAL=2',
      at: null,
      seriesStart: '1990-01-01',
    };
    // 13,480 days (an even number) after the start: 2026-11-28 is an occurrence, the next two days on.
    expect(nextOccurrence(old)?.date).toBe('2026-11-30');
  });

  it('keeps the series start when it advances', () => {
    const first = due({ date: '2026-03-23', recurrence: 'FREQ=WEEKLY' });
    expect(nextOccurrence(nextOccurrence(first)!)?.seriesStart).toBe('2026-03-23');
  });
});
