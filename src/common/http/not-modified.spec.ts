import { ifNoneMatchHas } from './not-modified';

describe('ifNoneMatchHas', () => {
  it('matches the tag alone, in a list, weak or strong, and *', () => {
    expect(ifNoneMatchHas('"7"', '"7"')).toBe(true);
    expect(ifNoneMatchHas('"3", "7"', '"7"')).toBe(true);
    expect(ifNoneMatchHas('W/"7"', '"7"')).toBe(true);
    expect(ifNoneMatchHas(' * ', '"7"')).toBe(true);
    expect(ifNoneMatchHas(['"1"', '"7"'], '"7"')).toBe(true);
  });

  it('does not match another tag, an unquoted one, or no header', () => {
    expect(ifNoneMatchHas('"8"', '"7"')).toBe(false);
    expect(ifNoneMatchHas('7', '"7"')).toBe(false);
    expect(ifNoneMatchHas('', '"7"')).toBe(false);
    expect(ifNoneMatchHas(undefined, '"7"')).toBe(false);
  });
});
