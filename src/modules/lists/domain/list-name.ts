import { codePointLength, unicodeTextProblem } from '../../../common/text/unicode-text';
import { InvalidListName, LIST_NAME_RULE } from './lists.errors';
import { LIST_NAME_MAX } from './limits';

/** Why a raw list name is refused, or null when it is acceptable. Lengths count code points. */
export function listNameProblem(raw: string): string | null {
  const name = raw.trim();
  const length = codePointLength(name);
  // The shared text rule (no NUL, no unpaired surrogate), worded as the list-name rule.
  if (length < 1 || length > LIST_NAME_MAX || unicodeTextProblem(name) !== null) return LIST_NAME_RULE;
  return null;
}

/** A list name as stored: trimmed and checked. */
export function parseListName(raw: string): string {
  const problem = listNameProblem(raw);
  if (problem) throw new InvalidListName(problem);
  return raw.trim();
}
