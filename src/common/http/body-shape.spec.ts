import { BODY_MAX_DEPTH, BODY_MAX_VALUES, bodyShapeProblem } from './body-shape';

const check = (text: string) => bodyShapeProblem(Buffer.from(text, 'utf8'));
const nested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);

describe('bodyShapeProblem', () => {
  it('accepts ordinary bodies', () => {
    expect(check('{}')).toBeNull();
    expect(check('{"list":"Groceries","items":["milk","eggs"]}')).toBeNull();
    expect(check(JSON.stringify({ list: 'x', items: Array.from({ length: 100 }, (_, i) => `item ${i}`) }))).toBeNull();
  });

  it(`accepts ${BODY_MAX_DEPTH} levels and refuses one more`, () => {
    expect(check(`{"a":${nested(BODY_MAX_DEPTH - 1)}}`)).toBeNull();
    expect(check(`{"a":${nested(BODY_MAX_DEPTH)}}`)).toMatch(`nested more than ${BODY_MAX_DEPTH} levels`);
  });

  it('refuses 125,000 levels without recursion', () => {
    expect(check(nested(125_000))).toMatch(/nested more than/);
  });

  it(`accepts ${BODY_MAX_VALUES} values and refuses one more, counting members and elements at every level`, () => {
    const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"f${i}":1`).join(',')}}`;
    expect(check(members(BODY_MAX_VALUES))).toBeNull();
    expect(check(members(BODY_MAX_VALUES + 1))).toMatch(`more than ${BODY_MAX_VALUES} values`);
    const elements = `{"a":[${Array(BODY_MAX_VALUES).fill('[]').join(',')}]}`; // 1 member + 1000 elements
    expect(check(elements)).toMatch(/more than/);
    expect(check(`[${Array(BODY_MAX_VALUES).fill('{}').join(',')}]`)).toBeNull();
  });

  it('ignores brackets, commas and escaped quotes inside strings', () => {
    expect(check(JSON.stringify({ a: '['.repeat(1000) + ','.repeat(2000) + '\\"{' }))).toBeNull();
    expect(check(JSON.stringify({ 'k[,{': '"\\"[[[' }))).toBeNull();
  });

  it('reads UTF-8 text with multi-byte characters', () => {
    expect(check(JSON.stringify({ name: 'Ünïcødé 😀 [,]' }))).toBeNull();
  });

  it('scans a 250 KiB body in one linear pass', () => {
    const wide = `{${Array.from({ length: 24_000 }, (_, i) => `"f${i}":1`).join(',')}}`;
    expect(check(wide)).toMatch(/more than/);
  });
});
