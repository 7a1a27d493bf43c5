import { codePointLength } from '../../../common/text/unicode-text';
import { itemTextProblem, normaliseEntries, normaliseListReference, parseItemText } from './item-text';

const invalid = (code: string) => expect.objectContaining({ kind: 'invalid', code });

describe('item texts and entries', () => {
  it('trims surrounding white space', () => {
    expect(normaliseEntries(['  milk \n', '\tbread'])).toEqual(['milk', 'bread']);
  });

  it('counts code points: 500 emoji (1,000 UTF-16 units) are allowed, 501 are not', () => {
    const emoji = '😀'.repeat(500);
    expect(emoji.length).toBe(1000);
    expect(codePointLength(emoji)).toBe(500);
    expect(normaliseEntries([emoji])).toEqual([emoji]);
    expect(() => normaliseEntries(['😀'.repeat(501)])).toThrow(invalid('INVALID_ITEM_TEXT'));
  });

  it('measures after trimming', () => {
    expect(normaliseEntries([`  ${'a'.repeat(500)}  `])).toEqual(['a'.repeat(500)]);
    expect(() => normaliseEntries(['a'.repeat(501)])).toThrow(/1-500 characters after trimming \(got 501\)/);
  });

  it.each([
    ['empty', ''],
    ['only white space', ' \t\n '],
    ['NUL', 'milk\u0000'],
    ['a lone high surrogate', 'milk \ud83d'],
    ['a lone low surrogate', '\ude00 milk'],
    ['reversed surrogates', '\ude00\ud83d'],
  ])('refuses %s with a 400-kind error naming the entry', (_label, text) => {
    expect(() => normaliseEntries(['fine', text])).toThrow(invalid('INVALID_ITEM_TEXT'));
    expect(() => normaliseEntries(['fine', text])).toThrow(/items\[1\]/);
  });

  it('accepts any other valid Unicode', () => {
    const texts = ['Ünïcödé ✓', '日本語', '👩‍👩‍👧', 'a\u0001b'];
    expect(normaliseEntries(texts)).toEqual(texts);
  });

  it('takes 1-100 entries', () => {
    expect(() => normaliseEntries([])).toThrow(invalid('INVALID_ITEMS'));
    expect(() => normaliseEntries(Array(101).fill('x'))).toThrow(/1-100 entries \(got 101\)/);
    expect(normaliseEntries(Array(100).fill('x'))).toHaveLength(100);
  });

  it('states the rule once, for one text as for the entries of an action', () => {
    expect(itemTextProblem('  milk ')).toBeNull();
    expect(itemTextProblem(' ')).toBe('must be 1-500 characters after trimming (got 0)');
    expect(itemTextProblem('milk\u0000')).toBe('must not contain NUL (U+0000)');
    expect(parseItemText(' milk ', 'text')).toBe('milk');
    expect(() => parseItemText('', 'text')).toThrow(
      expect.objectContaining({ code: 'INVALID_ITEM_TEXT', message: 'text must be 1-500 characters after trimming (got 0)' }),
    );
    expect(() => normaliseEntries(['a', '', 'b'])).toThrow('items[1] must be 1-500 characters after trimming (got 0)');
  });

  it('refuses a blank list reference', () => {
    expect(normaliseListReference('  Groceries ')).toBe('Groceries');
    expect(() => normaliseListReference('   ')).toThrow(invalid('INVALID_LIST'));
  });
});
