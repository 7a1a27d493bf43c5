import { InvalidInput } from '../../../common/errors/domain-error';
import { foldKey } from '../../../common/text/fold-key';
import { codePointLength, unicodeTextProblem } from '../../../common/text/unicode-text';
import { parseDue, type Due } from './due';
import { ITEM_PRIORITIES, type ItemPriority } from './item';
import { ENTRIES_MAX, ENTRIES_MIN, parseItemText } from './item-text';

/**
 * The rules of the item's fields a client sets (API.md section 13), one module for every door
 * that sets them: an add's object entries, PATCH of one item, the update action, and MCP's
 * tools through them. Each reader takes the raw JSON value and the field's path as the answer
 * names it (`notes`, `items[2].labels[1]`, `set.assignee`), and returns the value as stored or
 * throws InvalidInput (400) naming that path. Whether an assignee may be assigned (the list's
 * owner or a member: 422) is the store's to decide, in the write itself.
 */

/** Longest notes, in code points after trimming. */
export const NOTES_MAX = 10_000;
/** Most labels on one item. */
export const LABELS_MAX = 10;
/** Longest label, in code points after trimming. */
export const LABEL_MAX = 40;
/** What `assignee` may say instead of a user id: the caller. */
export const ASSIGNEE_ME = 'me';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (path: string, problem: string) => new InvalidInput('INVALID_ITEM_FIELD', `${path} ${problem}`);

/** Notes as stored: trimmed, 0-10,000 code points, the text rule of section 3. */
export function readNotes(raw: unknown, path = 'notes'): string {
  if (typeof raw !== 'string') throw invalid(path, 'must be a string');
  const trimmed = raw.trim();
  const unicode = unicodeTextProblem(trimmed);
  if (unicode) throw invalid(path, unicode);
  const length = codePointLength(trimmed);
  if (length > NOTES_MAX) throw invalid(path, `must be at most ${NOTES_MAX} characters after trimming (got ${length})`);
  return trimmed;
}

/** A priority by name. */
export function readPriority(raw: unknown, path = 'priority'): ItemPriority {
  if (typeof raw !== 'string' || !ITEM_PRIORITIES.includes(raw as ItemPriority)) {
    throw invalid(path, `must be one of ${ITEM_PRIORITIES.map((p) => `"${p}"`).join(', ')}`);
  }
  return raw as ItemPriority;
}

/** One label as stored: trimmed, 1-40 code points, the text rule of section 3. */
export function readLabel(raw: unknown, path: string): string {
  if (typeof raw !== 'string') throw invalid(path, 'must be a string');
  const trimmed = raw.trim();
  const unicode = unicodeTextProblem(trimmed);
  if (unicode) throw invalid(path, unicode);
  const length = codePointLength(trimmed);
  if (length < 1 || length > LABEL_MAX) throw invalid(path, `must be 1-${LABEL_MAX} characters after trimming (got ${length})`);
  return trimmed;
}

/** The case-insensitive key of a label (the items table's `label_keys`, the `label` filter): foldKey. */
export const labelKey = (label: string): string => foldKey(label);

/**
 * A whole set of labels as stored: 0-10 labels, each as readLabel reads it, unique
 * case-insensitively (labelKey), in the order given; a repeat is a 400 naming it.
 */
export function readLabels(raw: unknown, path = 'labels'): string[] {
  if (!Array.isArray(raw)) throw invalid(path, 'must be an array of strings');
  if (raw.length > LABELS_MAX) throw invalid(path, `must hold at most ${LABELS_MAX} labels (got ${raw.length})`);
  const labels = raw.map((label, index) => readLabel(label, `${path}[${index}]`));
  assertDistinctLabels(labels, path);
  return labels;
}

/** A 400 naming the first label that repeats an earlier one case-insensitively. */
export function assertDistinctLabels(labels: readonly string[], path = 'labels'): void {
  const seen = new Set<string>();
  labels.forEach((label, index) => {
    const key = labelKey(label);
    if (seen.has(key)) throw invalid(`${path}[${index}]`, `repeats a label of the item (labels are unique case-insensitively): ${JSON.stringify(label)}`);
    seen.add(key);
  });
}

/**
 * The assignee a request names: null (none), the caller's own id for `"me"`, or a user id. A
 * string that cannot be a user id is a 400; whether that user may be assigned is the store's
 * check (422).
 */
export function readAssignee(raw: unknown, callerId: string, path = 'assignee'): string | null {
  if (raw === null) return null;
  if (raw === ASSIGNEE_ME) return callerId;
  if (typeof raw !== 'string' || !UUID.test(raw)) throw invalid(path, `must be a user id, "${ASSIGNEE_ME}" or null`);
  return raw.toLowerCase();
}

/** The fields of an item a client may set, as read (each only when sent). */
export interface ItemFieldValues {
  text?: string;
  notes?: string;
  due?: Due | null;
  priority?: ItemPriority;
  labels?: string[];
  /** A user id (`"me"` resolved), or null. */
  assigneeId?: string | null;
}

/** The members an item's fields object may hold (an add's entry, PATCH's body). */
export const ITEM_FIELD_MEMBERS = ['text', 'notes', 'due', 'priority', 'labels', 'assignee'] as const;
export type ItemFieldMember = (typeof ITEM_FIELD_MEMBERS)[number];

/**
 * The members of `raw` among `members`, each read by its rule, under `path` (`items[2]`, or ''
 * for a body's top level). An unknown member is a 400 naming it; `null` clears `due` and
 * `assignee` and is a 400 elsewhere. A member absent stays absent.
 */
export function readItemFields(
  raw: Record<string, unknown>,
  callerId: string,
  path = '',
  members: readonly ItemFieldMember[] = ITEM_FIELD_MEMBERS,
): ItemFieldValues {
  const at = (member: string) => (path ? `${path}.${member}` : member);
  for (const key of Object.keys(raw)) {
    if (!members.includes(key as ItemFieldMember)) throw invalid(at(key), `should not exist (allowed: ${members.join(', ')})`);
  }
  const values: ItemFieldValues = {};
  if (raw.text !== undefined) {
    if (typeof raw.text !== 'string') throw invalid(at('text'), 'must be a string');
    values.text = parseItemText(raw.text, at('text'));
  }
  if (raw.notes !== undefined) values.notes = readNotes(raw.notes, at('notes'));
  if (raw.due !== undefined) values.due = parseDue(raw.due, at('due'));
  if (raw.priority !== undefined) values.priority = readPriority(raw.priority, at('priority'));
  if (raw.labels !== undefined) values.labels = readLabels(raw.labels, at('labels'));
  if (raw.assignee !== undefined) values.assigneeId = readAssignee(raw.assignee, callerId, at('assignee'));
  return values;
}

/** An entry of an add: the text alone, or an object of fields (`text` required). */
export type AddEntry = string | Record<string, unknown>;

/** An add's entry as read: the text and the fields it sets. */
export type AddedFields = ItemFieldValues & { text: string };

/**
 * The `items` of an add, each a string (its text) or an object `{text, notes?, due?,
 * priority?, labels?, assignee?}`, mixed as the client likes; the first entry that breaks a
 * rule is a 400 naming it (`items[2].due.date`), before anything is written.
 */
export function readAddEntries(entries: readonly unknown[], callerId: string): AddedFields[] {
  if (entries.length < ENTRIES_MIN || entries.length > ENTRIES_MAX) {
    throw new InvalidInput('INVALID_ITEMS', `items must hold ${ENTRIES_MIN}-${ENTRIES_MAX} entries (got ${entries.length})`);
  }
  return entries.map((entry, index) => {
    const path = `items[${index}]`;
    if (typeof entry === 'string') return { text: parseItemText(entry, path) };
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw invalid(path, 'must be a text or an object with a text');
    const fields = readItemFields(entry as Record<string, unknown>, callerId, path);
    if (fields.text === undefined) throw invalid(`${path}.text`, 'is required');
    return { ...fields, text: fields.text };
  });
}
