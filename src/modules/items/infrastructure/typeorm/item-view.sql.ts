import { isoSql } from '../../../../common/persistence/iso-sql';
import { priorityRank, SORT_DIRECTIONS, type ItemFilters, type ItemSort, type SortKey } from '../../domain/item-view';

/**
 * The SQL of views of items (API.md section 13, "Views"): the filters, the orders and the keyset
 * condition of domain/item-view.ts, for the read model's statements. Every value is a
 * parameter; only the shape (which filters, which order) changes the text.
 *
 * The expressions are the ones migration 1763801600000-item-views.ts indexes, written the
 * same way so that PostgreSQL matches them: a missing due date is `infinity` and an all-day
 * due's instant `-infinity`, so that one ascending index order is section 13's `due` order
 * (no due last; all-day before timed on a date).
 */

/** The due order's first two values, as the indexes hold them. */
export const DUE_DATE_KEY = (t: string): string => `COALESCE(${t}.due_date, 'infinity'::date)`;
export const DUE_AT_KEY = (t: string): string => `COALESCE(${t}.due_at, '-infinity'::timestamptz)`;
/**
 * A `q` word (its foldKey, as a LIKE pattern) in the text or the notes of row `t`: their stored
 * foldKeys, each with its trigram index (migration 1763801850000-item-word-keys.ts); the notes
 * only where there are some, the predicate of the notes' partial index.
 */
const wordSql = (t: string, pattern: string): string =>
  `(${t}.text_key LIKE ${pattern} OR (${t}.notes_key <> '' AND ${t}.notes_key LIKE ${pattern}))`;

/** Each sort's values: the SQL of row `t`, the type a cursor's value is cast to, and how the value is written into a cursor. */
const SORT_VALUES: Record<ItemSort, ReadonlyArray<{ sql: (t: string) => string; type: string; key: (t: string) => string }>> = {
  position: [],
  due: [
    { sql: DUE_DATE_KEY, type: 'date', key: (t) => `COALESCE(to_char(${t}.due_date, 'YYYY-MM-DD'), 'infinity')` },
    { sql: DUE_AT_KEY, type: 'timestamptz', key: (t) => `COALESCE(${isoSql(`${t}.due_at`)}, '-infinity')` },
  ],
  created: [{ sql: (t) => `${t}.created_at`, type: 'timestamptz', key: (t) => isoSql(`${t}.created_at`) }],
  updated: [{ sql: (t) => `${t}.updated_at`, type: 'timestamptz', key: (t) => isoSql(`${t}.updated_at`) }],
  priority: [{ sql: (t) => `${t}.priority`, type: 'smallint', key: (t) => `${t}.priority` }],
};

/** Every sort ends with the position and the store's seq (unique): a total order. */
const TAIL = [
  { sql: (t: string) => `${t}.position`, type: 'text', key: (t: string) => `${t}.position` },
  { sql: (t: string) => `${t}.seq`, type: 'bigint', key: (t: string) => `${t}.seq` },
];

const valuesOf = (sort: ItemSort) => [...SORT_VALUES[sort], ...TAIL];

/**
 * Row `t`'s id and every column the values above read: enough of a row for orderSql of any sort
 * over a set kept aside (a word search's matches), whose page is then read again by id.
 */
export const orderColumnsSql = (t: string): string =>
  ['id', 'due_date', 'due_at', 'created_at', 'updated_at', 'priority', 'position', 'seq'].map((column) => `${t}.${column}`).join(', ');

/** `ORDER BY` of the sort for row `t`. */
export function orderSql(sort: ItemSort, t: string): string {
  const directions = SORT_DIRECTIONS[sort];
  return valuesOf(sort)
    .map((value, i) => `${value.sql(t)}${directions[i] === 'desc' ? ' DESC' : ''}`)
    .join(', ');
}

/** The sort's key of row `t` as a JSON array (SortKey), for the next cursor. */
export function sortKeyJsonSql(sort: ItemSort, t: string): string {
  return `json_build_array(${valuesOf(sort)
    .map((value) => value.key(t))
    .join(', ')})`;
}

/** Collects a statement's parameters after its fixed ones, answering each one's `$n`. */
export class Parameters {
  readonly values: unknown[];

  constructor(fixed: unknown[]) {
    this.values = [...fixed];
  }

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/**
 * Rows `t` strictly after `after` in the sort's order. Where every value goes one way, a row
 * comparison, which an index range scan starts at; where the first goes the other way
 * (`updated`, `priority`), the first value's bound (an index condition) and the comparison of
 * the rest for rows that tie on it.
 */
export function afterSql(sort: ItemSort, t: string, after: SortKey, parameters: Parameters): string {
  const values = valuesOf(sort);
  const directions = SORT_DIRECTIONS[sort];
  const columns = values.map((value) => value.sql(t));
  const given = values.map((value, i) => parameters.add(after[i], value.type));
  if (directions.every((direction) => direction === directions[0])) {
    return `(${columns.join(', ')}) ${directions[0] === 'asc' ? '>' : '<'} (${given.join(', ')})`;
  }
  const [first, ...rest] = columns;
  const [firstGiven, ...restGiven] = given;
  const [towards, strictly] = directions[0] === 'desc' ? ['<=', '<'] : ['>=', '>'];
  return `${first} ${towards} ${firstGiven} AND (${first} ${strictly} ${firstGiven} OR (${rest.join(', ')}) > (${restGiven.join(', ')}))`;
}

/** A word as a LIKE pattern that finds it anywhere: its `%`, `_` and `\` taken literally. */
export const containsPattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters on rows `t`, AND-ed, or `TRUE`. */
export function filtersSql(filters: ItemFilters, t: string, parameters: Parameters, across: 'one list' | 'lists'): string {
  const conditions: string[] = [];
  if (filters.status !== 'all') conditions.push(filters.status === 'open' ? `NOT ${t}.completed` : `${t}.completed`);
  // Bounds on the indexed expression, so that an index on it serves them; a missing due
  // (infinity) is excluded by either bound. `due_date IS NOT NULL`, which they imply, is written
  // out as well: it is the predicate of items_list_dated_due_idx, which holds dated items only.
  if (filters.dueFrom !== null) {
    conditions.push(`${DUE_DATE_KEY(t)} >= ${parameters.add(filters.dueFrom, 'date')}`);
    if (filters.dueTo === null) conditions.push(`${DUE_DATE_KEY(t)} < 'infinity'::date`);
  }
  if (filters.dueTo !== null) conditions.push(`${DUE_DATE_KEY(t)} <= ${parameters.add(filters.dueTo, 'date')}`);
  if (filters.dueFrom !== null || filters.dueTo !== null) conditions.push(`${t}.due_date IS NOT NULL`);
  if (filters.hasDue !== null) conditions.push(`${t}.due_date IS ${filters.hasDue ? 'NOT ' : ''}NULL`);
  if (filters.assignee !== null) {
    conditions.push(
      filters.assignee.kind === 'none' ? `${t}.assignee_id IS NULL` : `${t}.assignee_id = ${parameters.add(filters.assignee.id, 'uuid')}`,
    );
  }
  // Across lists, `label_keys <> '{}'` (implied by the containment) is written out so that the
  // planner can use items_label_keys_idx, which indexes only labelled items (migration
  // 1763801600000). On one list it is not: the list's own index bounds the page to the list's
  // items, and intersecting it with every item of a common label costs more than checking each.
  if (filters.labelKey !== null) {
    const key = parameters.add(filters.labelKey, 'text');
    conditions.push(`${across === 'lists' ? `${t}.label_keys <> '{}' AND ` : ''}${t}.label_keys @> ARRAY[${key}]`);
  }
  if (filters.priorities !== null) {
    conditions.push(`${t}.priority = ANY(${parameters.add(filters.priorities.map(priorityRank), 'smallint[]')})`);
  }
  for (const word of filters.words) conditions.push(wordSql(t, parameters.add(containsPattern(word), 'text')));
  return conditions.length > 0 ? conditions.join(' AND ') : 'TRUE';
}
