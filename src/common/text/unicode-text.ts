/**
 * The one text rule every string a client sends must pass (API.md sections 1 and 3: JSON in,
 * UTF-8, no NUL): no NUL (U+0000), which PostgreSQL cannot store in text, and no unpaired
 * surrogate, which is not Unicode and which UTF-8 cannot carry (it would be stored as U+FFFD
 * while the answer echoed the original). Applied to every string of a body and a query by
 * the global validation pipe (src/common/http/validation.ts), and by the item-text rule.
 */

// With the u flag a well-formed surrogate pair is one code point, so only lone halves match.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` breaks the rule (a phrase to follow the field's name), or null when it is fine. */
export function unicodeTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it contains an unpaired surrogate)';
  return null;
}

/** Length in code points (what "characters" means in every length limit), without an array. */
export const codePointLength = (text: string): number => {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
};
