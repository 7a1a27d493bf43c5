import { InvalidInput } from '../../../common/errors/domain-error';
import { codePointLength, unicodeTextProblem } from '../../../common/text/unicode-text';

/** Longest item text, in code points after trimming. */
export const ITEM_TEXT_MAX = 500;
/**
 * How many entries one action names. The upper bound is also what lets an item statement's
 * events share one events row (EVENT_SEQ_BLOCK), so the service holds to it whoever calls.
 */
export const ENTRIES_MIN = 1;
export const ENTRIES_MAX = 100;

/**
 * Why `raw` cannot be an item text, or null when it can: once trimmed, 1-500 code points of
 * valid Unicode without NUL (the shared text rule of unicode-text.ts). The one statement of
 * the item-text rule; the OpenAPI description in the DTO quotes ITEM_TEXT_MAX.
 */
export function itemTextProblem(raw: string): string | null {
  const trimmed = raw.trim();
  const unicode = unicodeTextProblem(trimmed);
  if (unicode) return unicode;
  const length = codePointLength(trimmed);
  if (length < 1 || length > ITEM_TEXT_MAX) return `must be 1-${ITEM_TEXT_MAX} characters after trimming (got ${length})`;
  return null;
}

/** An item text as stored: `raw` trimmed, or InvalidInput (400) naming `field` and the problem. */
export function parseItemText(raw: string, field: string): string {
  const problem = itemTextProblem(raw);
  if (problem) throw new InvalidInput('INVALID_ITEM_TEXT', `${field} ${problem}`);
  return raw.trim();
}

/**
 * The `items` of an action, each trimmed and checked as an item text. The same rule holds for
 * add's texts and for the entries of complete/reopen/remove (an entry is an id or a text, and
 * no valid text or id breaks it), so a hopeless entry is a 400, not a 404.
 */
export function normaliseEntries(entries: readonly string[]): string[] {
  if (entries.length < ENTRIES_MIN || entries.length > ENTRIES_MAX) {
    throw new InvalidInput('INVALID_ITEMS', `items must hold ${ENTRIES_MIN}-${ENTRIES_MAX} entries (got ${entries.length})`);
  }
  return entries.map((entry, index) => parseItemText(entry, `items[${index}]`));
}

/** The `list` field: an id or a name, never blank. */
export function normaliseListReference(list: string): string {
  const trimmed = list.trim();
  if (!trimmed) throw new InvalidInput('INVALID_LIST', 'list must be a list id or name (it is blank)');
  return trimmed;
}
