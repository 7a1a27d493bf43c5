import { InvalidInput } from '../../../common/errors/domain-error';
import { isUuid } from '../../../common/ports/id-generator';
import type { ItemChanges } from '../domain/item-edits';
import { parseItemText } from '../domain/item-text';
import { readItemFieldValues } from '../domain/item-field-values';
import type { ItemFieldsDto, UpdateSetDto } from './dto/item-edits.dto';

/**
 * A PATCH body (or an update's `set`, `prefix` "set.") read into the domain's ItemChanges:
 * each member sent checked by its one rule (a 400 naming the field), `"me"` as the caller.
 */
export function readItemChanges(body: ItemFieldsDto, callerId: string, prefix: string): ItemChanges {
  const changes: ItemChanges = {};
  if (body.text !== undefined) changes.text = parseItemText(body.text, `${prefix}text`);
  const values = readItemFieldValues(body, prefix);
  if (values.notes !== undefined) changes.notes = values.notes;
  if (values.due !== undefined) changes.due = values.due;
  if (body.priority !== undefined) changes.priority = body.priority;
  if (values.labels !== undefined) changes.labels = values.labels;
  if (body.assignee !== undefined) changes.assigneeId = readAssignee(body.assignee, callerId, `${prefix}assignee`);
  return changes;
}

/** An update's `set`: the item fields, and labels added or removed (not with `labels`). */
export function readUpdateSet(set: UpdateSetDto, callerId: string): ItemChanges {
  if (set.labels !== undefined && (set.add_labels !== undefined || set.remove_labels !== undefined)) {
    throw new InvalidInput('LABELS_AND_LABEL_EDITS', 'set.labels replaces the labels: send it alone, or add_labels and remove_labels without it');
  }
  const changes = readItemChanges(set, callerId, 'set.');
  if (set.add_labels !== undefined) changes.addLabels = readItemFieldValues({ labels: set.add_labels }, 'set.add_').labels;
  if (set.remove_labels !== undefined) changes.removeLabels = readItemFieldValues({ labels: set.remove_labels }, 'set.remove_').labels;
  return changes;
}

/** A user id (any case) or "me" (the caller); null clears. */
function readAssignee(value: string | null, callerId: string, field: string): string | null {
  if (value === null) return null;
  if (value === 'me') return callerId;
  if (isUuid(value)) return value.toLowerCase();
  throw new InvalidInput('INVALID_ASSIGNEE', `${field} must be a user id, "me" or null`);
}
