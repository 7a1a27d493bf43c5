import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PageLimit } from './page-limit';

class Query {
  @PageLimit()
  limit?: number;
}

const parse = (limit: unknown) => {
  const query = plainToInstance(Query, limit === undefined ? {} : { limit });
  const problems = validateSync(query).flatMap((error) => Object.values(error.constraints ?? {}));
  return { limit: query.limit, problems };
};

describe('PageLimit', () => {
  it('takes plain digits within 1..500, and no limit at all', () => {
    expect(parse('1')).toEqual({ limit: 1, problems: [] });
    expect(parse('500')).toEqual({ limit: 500, problems: [] });
    expect(parse('0042')).toEqual({ limit: 42, problems: [] });
    expect(parse(undefined)).toEqual({ limit: undefined, problems: [] });
  });

  it('refuses what is not plain digits as not an integer', () => {
    for (const text of ['1e2', '5.0', '1.5', '-1', '+1', ' 1', 'abc', '', '0x10']) {
      expect([text, parse(text).problems]).toEqual([text, expect.arrayContaining(['limit must be an integer number'])]);
    }
    expect(parse(['1', '2']).problems).toContain('limit must be an integer number');
  });

  it('refuses numbers out of bounds as such, however many digits they have', () => {
    expect(parse('0').problems).toEqual(['limit must not be less than 1']);
    expect(parse('501').problems).toEqual(['limit must not be greater than 500']);
    expect(parse('1234567').problems).toEqual(['limit must not be greater than 500']);
  });
});
