import { foldKey } from '../../../common/text/fold-key';
import { ITEM_PRIORITIES, type Item, type ItemPriority, type ItemStatusFilter, matchesStatus } from './item';

/**
 * Views of items (API.md section 13, "Views"): which items a page shows and in what order.
 * Plain data and the rules over it, in TypeScript for the in-memory read model; the PostgreSQL
 * read model states the same rules in SQL (infrastructure/typeorm/item-view.sql.ts), and one
 * contract (testing/item-view.contract.ts) holds the two to the same answers.
 */

/** The orders of a page: `position` only within one list. */
export const ITEM_SORTS = ['position', 'due', 'created', 'updated', 'priority'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** Whose items: a user's (by id), or those without an assignee. */
export type AssigneeFilter = { kind: 'user'; id: string } | { kind: 'none' };

/** The filters of a view; null (or empty) for a filter not asked for. Every filter combines with AND. */
export interface ItemFilters {
  status: ItemStatusFilter;
  /** YYYY-MM-DD, inclusive, against due.date; an item without a due is excluded by either bound. */
  dueFrom: string | null;
  dueTo: string | null;
  hasDue: boolean | null;
  assignee: AssigneeFilter | null;
  /** The label's foldKey, compared with the item's labels' (label_keys in PostgreSQL). */
  labelKey: string | null;
  priorities: readonly ItemPriority[] | null;
  /** Words, each its foldKey: each must occur in the text's or the notes' foldKey. */
  words: readonly string[];
}

export interface ItemView {
  filters: ItemFilters;
  sort: ItemSort;
}

/** No filter, every status, in position order: a list's plain page. */
export const PLAIN_FILTERS: ItemFilters = {
  status: 'all',
  dueFrom: null,
  dueTo: null,
  hasDue: null,
  assignee: null,
  labelKey: null,
  priorities: null,
  words: [],
};

/** Whether the view filters by more than status (section 13's filters): such pages carry no ETag. */
export const hasViewFilters = (filters: ItemFilters): boolean =>
  filters.dueFrom !== null ||
  filters.dueTo !== null ||
  filters.hasDue !== null ||
  filters.assignee !== null ||
  filters.labelKey !== null ||
  filters.priorities !== null ||
  filters.words.length > 0;

/** The rank PostgreSQL keeps for a priority (items.priority): its index in ITEM_PRIORITIES. */
export const priorityRank = (priority: ItemPriority): number => ITEM_PRIORITIES.indexOf(priority);

/**
 * Whether an item passes the filters. `labelKeyOf` is the key the store keeps for a label (the
 * same function that fills label_keys); `q`'s words are compared with the foldKey of the text
 * and of the notes, which the store keeps as text_key and notes_key.
 */
export function matchesFilters(item: Item, filters: ItemFilters, labelKeyOf: (label: string) => string): boolean {
  if (!matchesStatus(item, filters.status)) return false;
  const date = item.due?.date ?? null;
  if (filters.dueFrom !== null && (date === null || date < filters.dueFrom)) return false;
  if (filters.dueTo !== null && (date === null || date > filters.dueTo)) return false;
  if (filters.hasDue !== null && (date !== null) !== filters.hasDue) return false;
  if (filters.assignee !== null) {
    const id = item.assignee?.id ?? null;
    if (filters.assignee.kind === 'none' ? id !== null : id !== filters.assignee.id) return false;
  }
  if (filters.labelKey !== null && !item.labels.some((label) => labelKeyOf(label) === filters.labelKey)) return false;
  if (filters.priorities !== null && !filters.priorities.includes(item.priority)) return false;
  if (filters.words.length > 0) {
    const [text, notes] = [foldKey(item.text), foldKey(item.notes)];
    if (!filters.words.every((word) => text.includes(word) || notes.includes(word))) return false;
  }
  return true;
}

/**
 * An item's place in a sort: the values its order compares, last the store's `seq` (unique),
 * so that the order is total and a keyset cursor names one place. Texts compare bytewise (the
 * positions are ASCII), numbers as numbers. A missing due date is `infinity` and an all-day
 * due's instant `-infinity` (PostgreSQL's spelling; they compare as text the way they sort:
 * `infinity` after every YYYY-MM-DD, `-infinity` before every instant), instants are ISO 8601 UTC.
 */
export type SortKey = ReadonlyArray<string | number>;

/** The direction of each value of a sort's key: `updated` and `priority` lead with a descending value. */
export const SORT_DIRECTIONS: Record<ItemSort, ReadonlyArray<'asc' | 'desc'>> = {
  position: ['asc', 'asc'],
  due: ['asc', 'asc', 'asc', 'asc'],
  created: ['asc', 'asc', 'asc'],
  updated: ['desc', 'asc', 'asc'],
  priority: ['desc', 'asc', 'asc'],
};

export const NO_DUE_DATE = 'infinity';
export const ALL_DAY = '-infinity';

export function sortKeyOf(item: Item, sort: ItemSort): SortKey {
  switch (sort) {
    case 'position':
      return [item.position, item.seq];
    case 'due':
      return [item.due?.date ?? NO_DUE_DATE, item.due?.at?.toISOString() ?? ALL_DAY, item.position, item.seq];
    case 'created':
      return [item.createdAt.toISOString(), item.position, item.seq];
    case 'updated':
      return [item.updatedAt.toISOString(), item.position, item.seq];
    case 'priority':
      return [priorityRank(item.priority), item.position, item.seq];
    default:
      throw new Error(`unknown sort ${String(sort satisfies never)}`);
  }
}

const compareValues = (a: string | number, b: string | number): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Negative when key `a` comes before `b` in the sort's order. */
export function compareKeys(sort: ItemSort, a: SortKey, b: SortKey): number {
  const directions = SORT_DIRECTIONS[sort];
  for (let i = 0; i < directions.length; i += 1) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return directions[i] === 'asc' ? order : -order;
  }
  return 0;
}

/** Whether `key` is a well-formed key of the sort (a cursor's): the right count and types. */
export function isSortKey(sort: ItemSort, key: unknown): key is SortKey {
  if (!Array.isArray(key) || key.length !== SORT_DIRECTIONS[sort].length) return false;
  const values = key as unknown[];
  const seq = values[values.length - 1];
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return false;
  const position = values[values.length - 2];
  if (typeof position !== 'string' || position.length > 200) return false;
  switch (sort) {
    case 'position':
      return true;
    case 'due':
      return (
        typeof key[0] === 'string' &&
        (key[0] === NO_DUE_DATE || /^\d{4}-\d{2}-\d{2}$/.test(key[0])) &&
        typeof key[1] === 'string' &&
        (key[1] === ALL_DAY || isInstant(key[1]))
      );
    case 'created':
    case 'updated':
      return typeof key[0] === 'string' && isInstant(key[0]);
    case 'priority':
      return typeof key[0] === 'number' && Number.isInteger(key[0]) && key[0] >= 0 && key[0] < ITEM_PRIORITIES.length;
    default:
      return false;
  }
}

const isInstant = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * A page of a view over some items (the in-memory read model's work): those matching the
 * filters, in the view's order, strictly after `after` when given, at most `limit`, and whether
 * more follow.
 */
export function viewPage(
  items: readonly Item[],
  view: ItemView,
  after: SortKey | undefined,
  limit: number,
  labelKeyOf: (label: string) => string,
): { items: Item[]; hasMore: boolean } {
  const keyed = items
    .filter((item) => matchesFilters(item, view.filters, labelKeyOf))
    .map((item) => ({ item, key: sortKeyOf(item, view.sort) }))
    .filter(({ key }) => after === undefined || compareKeys(view.sort, key, after) > 0)
    .sort((a, b) => compareKeys(view.sort, a.key, b.key));
  return { items: keyed.slice(0, limit).map(({ item }) => item), hasMore: keyed.length > limit };
}
