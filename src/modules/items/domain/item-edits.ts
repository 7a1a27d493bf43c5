import { InvalidInput } from '../../../common/errors/domain-error';
import { foldKey } from '../../../common/text/fold-key';
import type { Due } from './due';
import type { Item } from './item';
import { LABELS_MAX } from './item-fields';

/**
 * The fields an edit changes, in the Item resource's order (API.md section 13): the names an
 * item.updated event lists in `changes`, always in this order.
 */
export const EDITABLE_FIELDS = ['text', 'notes', 'due', 'priority', 'labels', 'assignee'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/**
 * What a PATCH body or an update's `set` asks, read and validated: a member is present only
 * when it was sent. `assigneeId` is a user id ("me" already resolved to the caller), or null to
 * clear; whether that user may be assigned is the service's check, against the list.
 */
export interface ItemChanges {
  text?: string;
  notes?: string;
  due?: Due | null;
  priority?: Item['priority'];
  /** Replaces the labels. Never with addLabels or removeLabels. */
  labels?: readonly string[];
  addLabels?: readonly string[];
  removeLabels?: readonly string[];
  assigneeId?: string | null;
}

/** The new values of the fields an edit really changes on one item, and their names. */
export interface ItemEdit {
  id: string;
  set: {
    text?: string;
    notes?: string;
    due?: Due | null;
    priority?: Item['priority'];
    labels?: string[];
    assigneeId?: string | null;
  };
  /** In EDITABLE_FIELDS' order; empty when the edit changes nothing. */
  changes: EditableField[];
}

/** Whether `changes` asks anything at all (an empty PATCH or `set` is a 400). */
export const asksSomething = (changes: ItemChanges): boolean => Object.values(changes).some((value) => value !== undefined);

/** Two dues are the same when everything a client sees of them is (`at` follows from the rest). */
const sameDue = (a: Due | null, b: Due | null): boolean =>
  a === b ||
  (a !== null && b !== null && a.date === b.date && a.time === b.time && a.timeZone === b.timeZone && a.recurrence === b.recurrence);

const sameLabels = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((label, i) => label === b[i]);

/**
 * The labels after an edit: `labels` replaces them; else `removeLabels` drops those the item
 * has (compared case-insensitively, as labels are unique case-insensitively; others are
 * ignored), then `addLabels` appends those it lacks (one it has stays where it is). More than
 * LABELS_MAX → 400, naming the field that asked for them.
 */
export function editedLabels(current: readonly string[], changes: ItemChanges, field: string): string[] {
  if (changes.labels !== undefined) return [...changes.labels];
  const removed = new Set((changes.removeLabels ?? []).map(foldKey));
  const labels = current.filter((label) => !removed.has(foldKey(label)));
  const present = new Set(labels.map(foldKey));
  for (const label of changes.addLabels ?? []) {
    const key = foldKey(label);
    if (!present.has(key)) {
      present.add(key);
      labels.push(label);
    }
  }
  if (labels.length > LABELS_MAX) {
    throw new InvalidInput(
      'TOO_MANY_LABELS',
      `${field}: an item holds at most ${LABELS_MAX} labels, and this change would give it ${labels.length}`,
    );
  }
  return labels;
}

/**
 * What `changes` does to `item`: the fields whose value really changes, with their new values.
 * A member sent with the value the item already has changes nothing (and is not listed), so an
 * edit that changes nothing leaves the item as it is: no new version, no event.
 * `labelsField` names the request's field in a 400 about the labels (`labels`, `set.add_labels`).
 */
export function editOf(item: Item, changes: ItemChanges, labelsField = 'labels'): ItemEdit {
  const edit: ItemEdit = { id: item.id, set: {}, changes: [] };
  if (changes.text !== undefined && changes.text !== item.text) {
    edit.set.text = changes.text;
    edit.changes.push('text');
  }
  if (changes.notes !== undefined && changes.notes !== item.notes) {
    edit.set.notes = changes.notes;
    edit.changes.push('notes');
  }
  if (changes.due !== undefined && !sameDue(changes.due, item.due)) {
    edit.set.due = changes.due;
    edit.changes.push('due');
  }
  if (changes.priority !== undefined && changes.priority !== item.priority) {
    edit.set.priority = changes.priority;
    edit.changes.push('priority');
  }
  if (changes.labels !== undefined || changes.addLabels !== undefined || changes.removeLabels !== undefined) {
    const labels = editedLabels(item.labels, changes, labelsField);
    if (!sameLabels(labels, item.labels)) {
      edit.set.labels = labels;
      edit.changes.push('labels');
    }
  }
  if (changes.assigneeId !== undefined && changes.assigneeId !== (item.assignee?.id ?? null)) {
    edit.set.assigneeId = changes.assigneeId;
    edit.changes.push('assignee');
  }
  return edit;
}

/** The edit that clears an item's assignee (a member left, or a move to a list they are not in). */
export const unassigned = (item: Item): ItemEdit => ({ id: item.id, set: { assigneeId: null }, changes: ['assignee'] });

/**
 * Where a move puts its block of items in the target list (API.md section 13): just before or
 * just after one item of it, or at its top or bottom.
 */
export type Placement = { to: 'top' | 'bottom' } | { before: string } | { after: string };

/**
 * An If-Match header, read: `*` (any version), or the versions its entity tags name (strong
 * tags `"<version>"`; anything else names no version, so it never matches).
 */
export type IfMatch = '*' | readonly number[];

export function readIfMatch(header: string | undefined): IfMatch | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (value === '*') return '*';
  return value
    .split(',')
    .map((tag) => /^"(\d{1,9})"$/.exec(tag.trim()))
    .flatMap((match) => (match ? [Number(match[1])] : []));
}

export const ifMatchHolds = (ifMatch: IfMatch | null, version: number): boolean =>
  ifMatch === null || ifMatch === '*' || ifMatch.includes(version);
