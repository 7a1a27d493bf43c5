import { unicodeTextProblem } from './unicode-text';

describe('the shared text rule', () => {
  it.each(['', 'plain', 'émoji 😀 and 𝄞', '\u{10FFFF}', 'tab\tand\nnewline'])('accepts %j', (text) => {
    expect(unicodeTextProblem(text)).toBeNull();
  });

  it.each([
    ['NUL', 'a\u0000b', /NUL/],
    ['a lone high surrogate', 'a\ud800', /unpaired surrogate/],
    ['a lone low surrogate', '\udc00b', /unpaired surrogate/],
    ['reversed halves', '\ude00\ud83d', /unpaired surrogate/],
  ])('refuses %s', (_label, text, problem) => {
    expect(unicodeTextProblem(text)).toMatch(problem);
  });
});
