import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import type { Viewer } from '../../../../common/auth/principal';
import { isUuid } from '../../../../common/ports/id-generator';
import { seesListSql, viewerParameters, visibleListsSql } from '../../../../common/persistence/list-visibility-sql';
import type { AccessibleList } from '../../../lists/domain/list-access';
import { hasViewFilters, NO_DUE_DATE, type ItemSort, type SortKey } from '../../domain/item-view';
import {
  FindRequest,
  FoundItems,
  ItemPage,
  ItemPageReadModel,
  PageRequest,
  VisibleItem,
  VisibleItemPage,
} from '../../application/item-page.read-model';
import { itemColumnsSql, type ItemRow, toItem } from './item-row';
import { itemJsonTextSql } from '../../persistence/item-json.sql';
import { afterSql, filtersSql, orderColumnsSql, orderSql, Parameters, sortKeyJsonSql } from './item-view.sql';
import { DEFAULT_PAGE_CACHE_BYTES, RenderedPageCache } from './rendered-page-cache';

/**
 * A page's items `p` (with `p.rank`, 1 for the first) rendered: how many were fetched, the
 * first `limitSql` of them as the JSON array clients read, and the last one's sort key.
 */
const renderedSql = (sort: ItemSort, limitSql: string): string => `
  count(*)::integer AS fetched,
  '[' || COALESCE(string_agg(${itemJsonTextSql('p')}, ',' ORDER BY p.rank) FILTER (WHERE p.rank <= ${limitSql}), '') || ']' AS items,
  (array_agg(${sortKeyJsonSql(sort, 'p')} ORDER BY p.rank DESC) FILTER (WHERE p.rank <= ${limitSql}))[1] AS last_key`;

/**
 * The statement of a page of one list's items (fixed parameters: $1, $2 the viewer, $3 the list,
 * $4 the limit), exported so that a test can see how PostgreSQL runs exactly what runs here.
 *
 * The list ($3) as the viewer sees it (list-visibility-sql.ts) and the page of its items after
 * it, rendered as the JSON array clients read: one row, or none when the caller cannot see the
 * list. The items never become rows in Node: pg's parsing of 100 rows, their objects and their
 * serialisation would be about a third of a page's CPU in the service (docs/performance.md).
 * Reading the lists and list_members tables from here is a deliberate exception to "each module
 * reads only its own tables": the visibility rule's text is the lists module's, shared
 * (list-visibility-sql.ts), and a page costs one round trip instead of two.
 *
 * A plain page in position order reads items_position_page() (migration
 * 1763801600000-item-views.ts), the keyset query on (list_id, [completed,] position, seq) with
 * its plan pinned to the ordered index range scan, so that missing statistics cannot turn a page
 * into a read of the whole list; a page in due order without other filters reads
 * items_due_page() (migration 1763801960000-items-due-page.ts), pinned the same way. Any other
 * view is the keyset query of its filters and order (item-view.sql.ts), one prepared statement
 * per shape.
 */
export function pageStatement(viewer: Viewer, listId: string, request: PageRequest): { statement: NamedStatement; parameters: unknown[] } {
  const { view, after, limit } = request;
  const parameters = new Parameters([...viewerParameters(viewer), listId, limit]);
  let source: string;
  let name: string;
  // The status, as the pinned page functions take it: null for every item.
  const completed = view.filters.status === 'all' ? null : view.filters.status === 'completed';
  if (view.sort === 'position' && !hasViewFilters(view.filters)) {
    source = `items_position_page(v.id, ${parameters.add(after?.[0] ?? null, 'text')}, ${parameters.add(after?.[1] ?? null, 'bigint')}, $4::integer + 1, ${parameters.add(completed, 'boolean')})`;
    name = 'items_visible_page';
  } else if (view.sort === 'due' && !hasViewFilters(view.filters)) {
    const [date, at, position, seq] = after ?? [null, null, null, null];
    source = `items_due_page(v.id, ${parameters.add(date, 'date')}, ${parameters.add(at, 'timestamptz')}, ${parameters.add(position, 'text')}, ${parameters.add(seq, 'bigint')}, $4::integer + 1, ${parameters.add(completed, 'boolean')})`;
    name = 'items_visible_due_page';
  } else if (view.sort === 'due') {
    source = duePageSource(request, parameters);
    name = `items_view_${shapeName(request)}`;
  } else {
    const filters = filtersSql(view.filters, 'i', parameters, 'one list');
    const from = after ? ` AND ${afterSql(view.sort, 'i', after, parameters)}` : '';
    source = `(SELECT i.* FROM items i WHERE i.list_id = v.id AND ${filters}${from} ORDER BY ${orderSql(view.sort, 'i')} LIMIT $4::integer + 1)`;
    name = `items_view_${shapeName(request)}`;
  }
  // The text is made once per name (a shape's text is the same whatever its values): the item's
  // rendering alone is some 3 KB of SQL, too much to write again for every page.
  const text = () => `WITH v AS MATERIALIZED (${visibleListsSql('l.id, l.name, l.version', 'l.id = $3::uuid')} LIMIT 1)
   SELECT v.id, v.name, v.role, v.version::text AS version, page.fetched, page.items, page.last_key
     FROM v CROSS JOIN LATERAL (
       SELECT ${renderedSql(view.sort, '$4::integer')}
         FROM (SELECT i.*, row_number() OVER (ORDER BY ${orderSql(view.sort, 'i')}) AS rank FROM ${source} i) p
     ) page`;
  return { statement: statementNamed(name, text), parameters: parameters.values };
}

/**
 * A list's items `v.id` in a filtered view's due order after the request's cursor (an unfiltered
 * one, or one of a status only, reads items_due_page(), migration 1763801960000-items-due-page.ts,
 * the same two parts with their plan pinned): the dated items through
 * items_list_dated_due_idx, which holds only them (migration 1763801950000-list-dated-due-index.ts),
 * then, only when they do not fill the page, the undated ones through items_list_position_idx
 * (an undated item's due keys are the same two constants, so its place in the due order is its
 * position and seq). A part the filters rule out is not read at all. At most a page and one of
 * each part comes back; the caller orders them and keeps a page.
 */
function duePageSource({ view, after }: PageRequest, parameters: Parameters): string {
  const filters = filtersSql(view.filters, 'i', parameters, 'one list');
  const f = view.filters;
  const dated = () =>
    `SELECT i.* FROM items i WHERE i.list_id = v.id AND i.due_date IS NOT NULL AND ${filters}${
      after ? ` AND ${afterSql('due', 'i', after, parameters)}` : ''
    } ORDER BY ${orderSql('due', 'i')} LIMIT $4::integer + 1`;
  const undated = (when: string) => {
    // After an undated item, the undated ones after its place; after a dated one, every undated
    // one: ('', 0) is before every item's place (a position is never empty), so that both
    // cursors share one statement text.
    const [position, seq] = after?.[0] === NO_DUE_DATE ? after.slice(2) : ['', 0];
    const from = after ? ` AND (i.position, i.seq) > (${parameters.add(position, 'text')}, ${parameters.add(seq, 'bigint')})` : '';
    return `SELECT i.* FROM items i WHERE ${when}i.list_id = v.id AND i.due_date IS NULL AND ${filters}${from} ORDER BY i.position, i.seq LIMIT $4::integer + 1`;
  };
  if (f.hasDue === true || f.dueFrom !== null || f.dueTo !== null) return `(${dated()})`;
  if (f.hasDue === false) return `(${undated('')})`;
  // The undated part's condition on the dated part's count is checked once, before its scan.
  return `(WITH d AS MATERIALIZED (${dated()}) SELECT * FROM d UNION ALL (${undated('(SELECT count(*) FROM d) <= $4::integer AND ')}))`;
}

/**
 * The statement of a page of GET /v1/items (fixed parameters: $1, $2 the viewer, $3 the lists
 * asked for or null, $4 the limit): the view's items of lists the viewer sees (among $3),
 * rendered, with the lists of the page's items and how many of the lists asked for it sees.
 *
 * Each item read is kept when the caller sees its list (seesListSql: the list's primary key,
 * memoized), so that the walk follows the view's index (the caller's assigned items in due order,
 * the due order of every item) and stops after a page, whatever the number of lists. With a word
 * of `q` long enough for trigrams (3 characters), the items holding the words are found first
 * through the trigram index and then ordered: walking an order and testing every row for a word
 * of a few hundredths of a percent reads most of the table. Unnamed: its best plan depends on the
 * values (how many items are assigned to the caller, how rare a label is), so PostgreSQL plans
 * it with them every time.
 */
export function foundStatement(viewer: Viewer, request: FindRequest): { statement: NamedStatement; parameters: unknown[] } {
  const { view, after, limit } = request;
  const parameters = new Parameters([...viewerParameters(viewer), request.listIds, limit]);
  const filters = filtersSql(view.filters, 'i', parameters, 'lists');
  const from = after ? ` AND ${afterSql(view.sort, 'i', after, parameters)}` : '';
  const where = `${seesListSql('i.list_id')} AND ($3::uuid[] IS NULL OR i.list_id = ANY($3::uuid[])) AND ${filters}${from}`;
  const order = orderSql(view.sort, 'i');
  const searchFirst = view.filters.words.some((word) => [...word].length >= TRIGRAM);
  // The items found by the words are kept as their ids and the columns of the orders only, and
  // the page's rows are read again by id: a common word matches tens of thousands of items, and
  // their whole rows, kept until the page is chosen, take several times work_mem (written to a
  // temporary file); these columns take a fifth of that (docs/performance.md).
  const first = searchFirst
    ? `(SELECT m.id FROM m ORDER BY ${orderSql(view.sort, 'm')} LIMIT $4::integer + 1) f JOIN items i ON i.id = f.id`
    : `(SELECT i.* FROM items i WHERE ${where} ORDER BY ${order} LIMIT $4::integer + 1) i`;
  const text = `WITH ${searchFirst ? `m AS MATERIALIZED (SELECT ${orderColumnsSql('i')} FROM items i WHERE ${where}),` : ''}
   p AS MATERIALIZED (
     SELECT i.*, row_number() OVER (ORDER BY ${order}) AS rank
       FROM ${first}
   )
   SELECT (SELECT count(*)::integer FROM lists l WHERE l.id = ANY($3::uuid[]) AND ${seesListSql('l.id')}) AS seen, page.*,
          (SELECT '[' || COALESCE(string_agg('{"id":"' || l.id || '","name":' || to_json(l.name)::text || '}', ',' ORDER BY f.first), '') || ']'
             FROM (SELECT p.list_id, min(p.rank) AS first FROM p WHERE p.rank <= $4::integer GROUP BY p.list_id) f
             JOIN lists l ON l.id = f.list_id) AS lists
     FROM (SELECT ${renderedSql(view.sort, '$4::integer')} FROM p) page`;
  return { statement: NamedStatement.unnamed(text), parameters: parameters.values };
}

/** pg_trgm's unit: a word shorter than this has no trigram to look up. */
const TRIGRAM = 3;

/** A name for a list page's statement text: what its shape depends on. */
function shapeName({ view, after }: PageRequest): string {
  const f = view.filters;
  return [
    view.sort,
    f.status,
    f.dueFrom !== null ? 'f' : '',
    f.dueTo !== null ? 't' : '',
    f.hasDue === null ? '' : f.hasDue ? 'd' : 'n',
    f.assignee === null ? '' : f.assignee.kind === 'none' ? 'u' : 'a',
    f.labelKey !== null ? 'l' : '',
    f.priorities !== null ? 'p' : '',
    `w${f.words.length}`,
    after ? 'c' : '',
  ].join('');
}

/** One NamedStatement per name, made the first time its shape is asked for. */
const STATEMENTS = new Map<string, NamedStatement>();
function statementNamed(name: string, text: () => string): NamedStatement {
  let statement = STATEMENTS.get(name);
  if (!statement) {
    statement = new NamedStatement(name, text());
    STATEMENTS.set(name, statement);
  }
  return statement;
}

/**
 * The list ($3) as the viewer ($1, $2) sees it and its item $4, as Node reads an item row
 * (item-row.ts): one row when the viewer sees the list (the item's columns null when the list
 * has no such item), none otherwise.
 */
const VISIBLE_ITEM = new NamedStatement(
  'items_visible_item',
  `WITH v AS MATERIALIZED (${visibleListsSql('l.id, l.name', 'l.id = $3::uuid')} LIMIT 1)
   SELECT v.id AS seen_id, v.name AS seen_name, v.role AS seen_role, ${itemColumnsSql('i')}
     FROM v LEFT JOIN items i ON i.list_id = v.id AND i.id = $4::uuid`,
);

/**
 * The list ($3) as the viewer ($1, $2) sees it, with its version (int8, as text): one row, or
 * none when the viewer cannot see it. What a page costs when the version is one whose page is
 * already rendered (RenderedPageCache, or the client's ETag): the page statement's plan, with
 * the item's rendering in it, costs PostgreSQL about twice this one to start even when it reads
 * no item (docs/performance.md).
 */
const VISIBLE_LIST_VERSION = new NamedStatement(
  'items_visible_list_version',
  `${visibleListsSql('l.id, l.name, l.version::text AS version', 'l.id = $3::uuid')} LIMIT 1`,
);

interface ListVersionRow {
  id: string;
  name: string;
  role: AccessibleList['role'];
  version: string;
}

/** The list as the caller sees it, out of a row that names it. */
const listOf = (row: ListVersionRow): AccessibleList => ({ id: row.id, name: row.name, role: row.role });

interface PageRow extends ListVersionRow {
  fetched: number;
  items: string;
  last_key: SortKey | null;
}

interface FoundRow {
  seen: number;
  fetched: number;
  items: string;
  last_key: SortKey | null;
  lists: string;
}

const EMPTY: ItemPage = { items: { json: '[]', count: 0, lastSeq: undefined }, hasMore: false, lastKey: undefined };

/** The page a statement rendered: at most `limit` items, and whether more follow. */
function pageOf(row: { fetched: number; items: string; last_key: SortKey | null }, limit: number): ItemPage {
  const count = Math.min(row.fetched, limit);
  const lastKey = row.last_key ?? undefined;
  return {
    // The last value of every key is the item's seq (identity values stay far below 2^53).
    items: { json: row.items, count, lastSeq: lastKey === undefined ? undefined : Number(lastKey[lastKey.length - 1]) },
    hasMore: row.fetched > limit,
    lastKey,
  };
}

/**
 * Pages of items in PostgreSQL: one statement answers the list as the caller sees it and the
 * page, rendered as the JSON clients read (pageStatement). When a version's page is known (a
 * plain page in RenderedPageCache, or the client's ETag), the list's version is read first, by a
 * statement that reads no item: a list still at that version costs nothing more, a list changed
 * since costs the page statement besides.
 */
@Injectable()
export class TypeOrmItemPageReadModel extends ItemPageReadModel {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages = new RenderedPageCache(DEFAULT_PAGE_CACHE_BYTES),
  ) {
    super();
  }

  async visibleItem(viewer: Viewer, listId: string, itemId: string): Promise<VisibleItem | null> {
    const [row] = await VISIBLE_ITEM.run<ItemRow & { seen_id: string; seen_name: string; seen_role: AccessibleList['role'] }>(
      this.dataSource,
      [...viewerParameters(viewer), listId, itemId],
    );
    if (!row) return null;
    return { list: { id: row.seen_id, name: row.seen_name, role: row.seen_role }, item: row.id === null ? null : toItem(row) };
  }

  async visiblePage(viewer: Viewer, listId: string, request: PageRequest, knownVersion?: string): Promise<VisibleItemPage | null> {
    // Only plain pages are kept: a filtered view's renderings would be many and rarely asked again.
    const cacheable = !hasViewFilters(request.view.filters);
    const cached = cacheable ? this.pages.find(listId, request) : undefined;
    if (knownVersion !== undefined || cached) {
      // A version whose page is known: when the list is still at it, its version is all there is to read.
      const [seen] = await VISIBLE_LIST_VERSION.run<ListVersionRow>(this.dataSource, [...viewerParameters(viewer), listId]);
      if (!seen) return null;
      const list = listOf(seen);
      if (knownVersion === seen.version) return { list, version: seen.version, unchanged: true, ...EMPTY };
      if (cached?.version === seen.version) return { list, version: seen.version, unchanged: false, ...cached.page };
    }
    const { statement, parameters } = pageStatement(viewer, listId, request);
    const [row] = await statement.run<PageRow>(this.dataSource, parameters);
    if (!row) return null;
    const page = pageOf(row, request.limit);
    if (cacheable) this.pages.set(listId, request, row.version, page);
    return { list: listOf(row), version: row.version, unchanged: false, ...page };
  }

  async foundItems(viewer: Viewer, request: FindRequest): Promise<FoundItems | null> {
    if (request.listIds && !request.listIds.every(isUuid)) return null;
    const { statement, parameters } = foundStatement(viewer, request);
    const [row] = await statement.run<FoundRow>(this.dataSource, parameters);
    if (request.listIds && row.seen < request.listIds.length) return null;
    return { ...pageOf(row, request.limit), lists: JSON.parse(row.lists) as FoundItems['lists'] };
  }
}
