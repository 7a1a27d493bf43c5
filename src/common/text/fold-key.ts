import { CASE_FOLDING } from './case-folding.data';

/**
 * The one comparison rule for list names and item texts (docs/API.md, "Contract notes"): trimmed,
 * NFC-normalised, then Unicode full case folding (CaseFolding.txt statuses C and F). So
 * "Straße" matches "STRASSE", "é" typed precomposed matches e + U+0301, and Σ, σ and ς
 * match. Full folding is not Turkish-aware: "İ" (U+0130) folds to "i̇" (i + U+0307), so it
 * does not match a plain "i", and the dotless "ı" (U+0131) folds to itself, so it does not
 * match "I" or "i".
 *
 * Computed here, never by PostgreSQL's lower() (whose result depends on the database's
 * collation and does not fold "ß" to "ss"): the key is stored beside the text
 * (items.text_key, lists.name_key) and every lookup compares keys, so the in-memory and the
 * PostgreSQL adapters cannot disagree.
 */
export function foldKey(text: string): string {
  const trimmed = text.trim();
  // Pure ASCII is its own NFC form, and its full case folding is plain lower-casing.
  if (!NON_ASCII.test(trimmed)) return trimmed.toLowerCase();
  let folded = '';
  for (const char of trimmed.normalize('NFC')) folded += FOLDS.get(char) ?? char;
  return folded;
}

const NON_ASCII = /[^\p{ASCII}]/u;

/** CASE_FOLDING as a map from a code point (a one- or two-unit string) to its folding. */
const FOLDS: ReadonlyMap<string, string> = new Map(
  CASE_FOLDING.join(' ')
    .split(' ')
    .map((entry) => {
      const [from, to] = entry.split(':');
      const codePoint = (digits: string) => Number.parseInt(digits, 16);
      return [String.fromCodePoint(codePoint(from)), String.fromCodePoint(...to.split(',').map(codePoint))] as const;
    }),
);
