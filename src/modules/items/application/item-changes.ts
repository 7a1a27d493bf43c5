import { InvalidInput } from '../../../common/errors/domain-error';
import { isUuid } from '../../../common/ports/id-generator';
import type { ItemChanges } from '../domain/item-edits';
import { parseItemText } from '../domain/item-text';
import { parseDue } from '../domain/due';
import { codePointLength, unicodeTextProblem } from '../../../common/text/unicode-text';
import { foldKey } from '../../../common/text/fold-key';
import { LABELS_MAX } from '../domain/item-edits';
import type { ItemFieldsDto, UpdateSetDto } from './dto/item-edits.dto';

/**
 * A PATCH body (or an update's `set`, `prefix` "set.") read into the domain's ItemChanges:
 * each member sent checked by its one rule (a 400 naming the field), `"me"` as the caller.
 */
export function readItemChanges(body: ItemFieldsDto, callerId: string, prefix: string): ItemChanges {
  const changes: ItemChanges = {};
  if (body.text !== undefined) changes.text = parseItemText(body.text, `${prefix}text`);
  if (body.notes !== undefined) changes.notes = readNotes(body.notes, `${prefix}notes`);
  if (body.due !== undefined) changes.due = parseDue(body.due, `${prefix}due`);
  if (body.priority !== undefined) changes.priority = body.priority;
  if (body.labels !== undefined) changes.labels = readLabels(body.labels, `${prefix}labels`);
  if (body.assignee !== undefined) changes.assigneeId = readAssignee(body.assignee, callerId, `${prefix}assignee`);
  return changes;
}

/** An update's `set`: the item fields, and labels added or removed (not with `labels`). */
export function readUpdateSet(set: UpdateSetDto, callerId: string): ItemChanges {
  if (set.labels !== undefined && (set.add_labels !== undefined || set.remove_labels !== undefined)) {
    throw new InvalidInput(
      'LABELS_AND_LABEL_EDITS',
      'set.labels replaces the labels: send it alone, or add_labels and remove_labels without it',
    );
  }
  const changes = readItemChanges(set, callerId, 'set.');
  if (set.add_labels !== undefined) changes.addLabels = readLabels(set.add_labels, 'set.add_labels');
  if (set.remove_labels !== undefined) changes.removeLabels = readLabels(set.remove_labels, 'set.remove_labels');
  return changes;
}

/** A user id (any case) or "me" (the caller); null clears. */
function readAssignee(value: string | null, callerId: string, field: string): string | null {
  if (value === null) return null;
  if (value === 'me') return callerId;
  if (isUuid(value)) return value.toLowerCase();
  throw new InvalidInput('INVALID_ASSIGNEE', `${field} must be a user id, "me" or null`);
}

export const NOTES_MAX = 10_000;
export const LABEL_MAX_LENGTH = 40;

/** Notes: 0-10,000 code points once trimmed, the text rules of section 3. */
function readNotes(raw: string, field: string): string {
  const notes = raw.trim();
  const problem = unicodeTextProblem(notes);
  if (problem) throw new InvalidInput('INVALID_NOTES', `${field} ${problem}`);
  const length = codePointLength(notes);
  if (length > NOTES_MAX)
    throw new InvalidInput('INVALID_NOTES', `${field} must be at most ${NOTES_MAX} characters after trimming (got ${length})`);
  return notes;
}

/** Labels: 0-10 of 1-40 code points once trimmed, unique case-insensitively, in the order given. */
function readLabels(raw: readonly string[], field: string): string[] {
  if (raw.length > LABELS_MAX)
    throw new InvalidInput('INVALID_LABELS', `${field} must hold at most ${LABELS_MAX} labels (got ${raw.length})`);
  const seen = new Set<string>();
  return raw.map((entry, index) => {
    const label = entry.trim();
    const problem = unicodeTextProblem(label);
    if (problem) throw new InvalidInput('INVALID_LABELS', `${field}[${index}] ${problem}`);
    const length = codePointLength(label);
    if (length < 1 || length > LABEL_MAX_LENGTH) {
      throw new InvalidInput(
        'INVALID_LABELS',
        `${field}[${index}] must be 1-${LABEL_MAX_LENGTH} characters after trimming (got ${length})`,
      );
    }
    const key = foldKey(label);
    if (seen.has(key))
      throw new InvalidInput('INVALID_LABELS', `${field}[${index}] repeats the label "${label}" (labels are compared case-insensitively)`);
    seen.add(key);
    return label;
  });
}
