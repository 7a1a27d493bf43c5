import { createValidationPipe } from '../../../../common/http/validation';
import { CreateShareDto } from './create-share.dto';

const MESSAGE = 'expires_at must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T23:59:59.000Z';

describe('CreateShareDto expires_at', () => {
  const pipe = createValidationPipe();
  const body = (expires_at: unknown) => pipe.transform({ role: 'viewer', expires_at }, { type: 'body', metatype: CreateShareDto });

  it.each([
    '2999-01-01T00:00:00Z',
    '2999-01-01T00:00:00.000Z',
    '2999-01-01T00:00:00.123456789Z',
    '2999-01-01T00:00:00+02:00',
    '2999-01-01T00:00:00-00:00',
    '2999-01-01T23:59:59+23:59',
    '2996-02-29T00:00:00Z',
    '2000-02-29T12:00:00Z',
    // RFC 3339 spellings, as OpenAPI's `format: date-time` allows them.
    '2999-01-01T00:00:00z',
    '2999-01-01T00:00:00.1234567891Z',
  ])('takes the date-time %s', async (at) => {
    await expect(body(at)).resolves.toMatchObject({ expires_at: at });
    expect(Number.isNaN(Date.parse(at))).toBe(false);
  });

  it('takes null and no expires_at at all', async () => {
    await expect(body(null)).resolves.toMatchObject({ expires_at: null });
    await expect(pipe.transform({ role: 'viewer' }, { type: 'body', metatype: CreateShareDto })).resolves.toBeInstanceOf(CreateShareDto);
  });

  it.each([
    ['no date at all', 'tomorrow'],
    ['no offset', '2999-01-01T00:00:00'],
    ['a date alone', '2999-01-01'],
    ['no seconds', '2999-01-01T00:00Z'],
    ['no real day', '2999-02-30T00:00:00Z'],
    ['29 February of a common year', '2999-02-29T00:00:00Z'],
    ['29 February 1900', '1900-02-29T00:00:00Z'],
    ['month 13', '2999-13-01T00:00:00Z'],
    ['hour 24', '2999-01-01T24:00:00Z'],
    ['a leap second', '2999-01-01T23:59:60Z'],
    ['an offset of 24 hours', '2999-01-01T00:00:00+24:00'],
    ['an offset without a colon', '2999-01-01T00:00:00+0200'],
    ['a space for the T', '2999-01-01 00:00:00Z'],
    ['a lower-case t', '2999-01-01t00:00:00Z'],
    ['a decimal comma', '2999-01-01T00:00:00,5Z'],
    ['a signed year', '+2999-01-01T00:00:00Z'],
    ['year 0', '0000-01-01T00:00:00Z'],
    ['a week date', '2999-W01-1T00:00:00Z'],
    ['an ordinal date', '2999-001T00:00:00Z'],
    ['a number', 4102444800000],
    ['an array', ['2999-01-01T00:00:00Z']],
    ['an empty string', ''],
  ])('refuses %s with one message', async (_label, at) => {
    await expect(body(at)).rejects.toMatchObject({ kind: 'invalid', code: 'VALIDATION_FAILED', message: MESSAGE });
  });
});
