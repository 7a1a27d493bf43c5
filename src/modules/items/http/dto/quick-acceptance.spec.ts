import { ValidationPipe } from '@nestjs/common';
import fc from 'fast-check';
import { createValidationPipe, quickly } from '../../../../common/http/validation';
import { ItemPageQuery } from './item-page.query';
import { ItemsActionDto } from './items-action.dto';

/**
 * The quick acceptance of the two busiest DTOs may only skip work: whatever it accepts, the
 * full class-transformer + class-validator path accepts too, as the same DTO.
 */
describe('quick acceptance of the items DTOs', () => {
  const pipe = createValidationPipe();
  /** The full path: ValidationPipe's own transform, with the pipe's options. */
  const fully = (value: object, type: 'body' | 'query', metatype: new () => object) =>
    ValidationPipe.prototype.transform.call(pipe, value, { type, metatype }).then(
      (dto: object) => ({ ok: true as const, fields: { ...dto } }),
      () => ({ ok: false as const }),
    );

  const text = fc.oneof(fc.constantFrom('', ' ', 'milk', '0', 'x'.repeat(600)), fc.string({ maxLength: 8 }));
  const anything = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean(), text, fc.array(text, { maxLength: 3 }));

  it('accepts only action bodies the full rules accept, as the same DTO', async () => {
    const entries = fc.oneof(fc.array(text, { minLength: 0, maxLength: 102 }), fc.array(anything, { maxLength: 4 }), anything);
    await fc.assert(
      fc.asyncProperty(fc.record({ list: fc.oneof(text, anything), items: entries }, { requiredKeys: [] }), async (body) => {
        const quick = quickly(ItemsActionDto, body);
        if (quick === undefined) return;
        expect(quick).toBeInstanceOf(ItemsActionDto);
        expect(await fully(body, 'body', ItemsActionDto)).toEqual({ ok: true, fields: { ...quick } });
      }),
      { numRuns: 400 },
    );
  });

  it('accepts only page queries the full rules accept, as the same DTO', async () => {
    const limit = fc.oneof(
      fc.constantFrom('1', '100', '500', '501', '0', '007', '1e2', '5.0', '-1', '', ' 5'),
      fc.nat({ max: 999 }).map(String),
      anything,
    );
    const status = fc.oneof(fc.constantFrom('all', 'open', 'completed', 'ALL', 'done'), anything);
    await fc.assert(
      fc.asyncProperty(fc.record({ limit, cursor: fc.oneof(text, anything), status }, { requiredKeys: [] }), async (query) => {
        const quick = quickly(ItemPageQuery, query);
        if (quick === undefined) return;
        expect(quick).toBeInstanceOf(ItemPageQuery);
        expect(await fully(query, 'query', ItemPageQuery)).toEqual({ ok: true, fields: { ...quick } });
      }),
      { numRuns: 400 },
    );
  });

  it('takes the usual requests quickly', () => {
    expect(quickly(ItemsActionDto, { list: 'Groceries', items: ['milk', 'bread'] })).toEqual(
      Object.assign(new ItemsActionDto(), { list: 'Groceries', items: ['milk', 'bread'] }),
    );
    expect(quickly(ItemPageQuery, { limit: '100' })).toEqual(Object.assign(new ItemPageQuery(), { limit: 100 }));
    expect(quickly(ItemPageQuery, {})).toEqual(new ItemPageQuery());
    expect(quickly(ItemPageQuery, { cursor: 'abc', status: 'open' })).toEqual(
      Object.assign(new ItemPageQuery(), { cursor: 'abc', status: 'open' }),
    );
  });

  it('leaves what it is unsure of to the full rules, which word the error', async () => {
    expect(quickly(ItemsActionDto, { list: 'Groceries', items: [] })).toBeUndefined();
    expect(quickly(ItemsActionDto, { list: 'Groceries', items: ['a', 1] })).toBeUndefined();
    expect(quickly(ItemPageQuery, { limit: '501' })).toBeUndefined();
    await expect(pipe.transform({ list: 'Groceries', items: [] }, { type: 'body', metatype: ItemsActionDto })).rejects.toMatchObject({
      message: 'items must contain at least 1 elements',
    });
    await expect(pipe.transform({ limit: '501' }, { type: 'query', metatype: ItemPageQuery })).rejects.toMatchObject({
      message: 'limit must not be greater than 500',
    });
  });
});
