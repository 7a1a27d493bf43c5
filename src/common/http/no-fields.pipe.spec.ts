import { InvalidInput } from '../errors/domain-error';
import { NoFieldsPipe } from './no-fields.pipe';

describe('NoFieldsPipe', () => {
  const pipe = new NoFieldsPipe();

  it('accepts no body and an empty object', () => {
    expect(pipe.transform(undefined)).toEqual({});
    expect(pipe.transform({})).toEqual({});
  });

  it('refuses any field as unknown', () => {
    expect(() => pipe.transform({ all: true, force: 1 })).toThrow(InvalidInput);
    expect(() => pipe.transform({ all: true, force: 1 })).toThrow('property all should not exist; property force should not exist');
  });
});
