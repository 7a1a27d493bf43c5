import { InvalidInput } from '../../../common/errors/domain-error';
import type { ItemChanges } from '../domain/item-edits';
import { parseItemText } from '../domain/item-text';
import { parseDue } from '../domain/due';
import { readAssignee, readLabels, readNotes } from '../domain/item-fields';
import type { ItemFieldsDto, UpdateSetDto } from './dto/item-edits.dto';

/**
 * A PATCH body (or an update's `set`, `prefix` "set.") read into the domain's ItemChanges:
 * each member sent checked by its one rule (item-fields.ts, shared with the add: a 400 naming
 * the field), `"me"` as the caller.
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
