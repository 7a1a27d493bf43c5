import { InvalidInput } from '../../../common/errors/domain-error';
import { codePointLength, unicodeTextProblem } from '../../../common/text/unicode-text';

export const ITEM_TEXT_MAX = 500;
export const ENTRIES_MIN = 1;
export const ENTRIES_MAX = 100;

/** Why a trimmed text is unacceptable, or null when it is fine. Lengths count code points. */
function textProblem(trimmed: string): string | null {
  const unicode = unicodeTextProblem(trimmed);
  if (unicode) return unicode;
  const length = codePointLength(trimmed);
  if (length < 1 || length > ITEM_TEXT_MAX) return `must be 1-${ITEM_TEXT_MAX} characters after trimming (got ${length})`;
  return null;
}

/**
 * The `items` of an action, trimmed and checked: 1-100 strings, each 1-500 code points
 * after trimming, without NUL or unpaired surrogates. The same rule holds for add's
 * texts and for the entries of complete/reopen/remove (an entry is an id or a text,
 * and no valid text or id breaks it), so a hopeless entry is a 400, not a 404.
 */
export function normaliseEntries(entries: readonly unknown[]): string[] {
  if (entries.length < ENTRIES_MIN || entries.length > ENTRIES_MAX) {
    throw new InvalidInput('INVALID_ITEMS', `items must hold ${ENTRIES_MIN}-${ENTRIES_MAX} entries (got ${entries.length})`);
  }
  return entries.map((entry, index) => {
    if (typeof entry !== 'string') throw new InvalidInput('INVALID_ITEMS', `items[${index}] must be a string`);
    const trimmed = entry.trim();
    const problem = textProblem(trimmed);
    if (problem) throw new InvalidInput('INVALID_ITEM_TEXT', `items[${index}] ${problem}`);
    return trimmed;
  });
}

/** The `list` field: an id or a name, never blank. */
export function normaliseListReference(list: string): string {
  const trimmed = list.trim();
  if (!trimmed) throw new InvalidInput('INVALID_LIST', 'list must be a list id or name (it is blank)');
  return trimmed;
}
