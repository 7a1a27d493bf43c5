import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import type { Viewer } from '../../../../common/auth/principal';
import { viewerParameters, visibleListsSql } from '../../../../common/persistence/list-visibility-sql';
import type { AccessibleList } from '../../../lists/domain/list-access';
import { ItemPageReadModel, PageRequest, VisibleItem, VisibleItemPage } from '../../application/item-page.read-model';
import { itemColumnsSql, type ItemRow, toItem } from './item-row';
import { itemJsonTextSql } from '../../persistence/item-json.sql';
import { DEFAULT_PAGE_CACHE_BYTES, RenderedPageCache } from './rendered-page-cache';

/**
 * The statement of one page (VISIBLE_PAGE below), exported so that a test can see how
 * PostgreSQL runs exactly what runs here. items_page() (migration 1763800400000-items-page.ts)
 * is the keyset query `list_id = $1 [AND completed = $4] AND seq > $2 ORDER BY seq LIMIT $3`
 * with its plan pinned to the ordered range scan of items_list_seq_idx (or, with a status, of
 * items_list_status_seq_idx), so that missing statistics cannot turn a page into a read of the
 * whole list. One more row than asked tells whether anything follows.
 */
export function pageStatement(
  viewer: Viewer,
  listId: string,
  request: PageRequest,
  cachedVersion?: string,
): { sql: string; parameters: unknown[] } {
  const completed = request.status === 'all' ? null : request.status === 'completed';
  return {
    sql: VISIBLE_PAGE.text,
    parameters: [...viewerParameters(viewer), listId, request.afterSeq ?? 0, request.limit + 1, completed, cachedVersion ?? null],
  };
}

/**
 * The list ($3) as the viewer ($1, $2) sees it (list-visibility-sql.ts), and the page of its items
 * (items_page, limit + 1 rows, $5) after it, rendered as the JSON array clients read: one row,
 * or none when the caller cannot see the list. The items never become rows in Node: pg's
 * parsing of 100 rows, their objects and their serialisation would be about a third of a
 * page's CPU in the service (docs/performance.md). Reading the lists and list_members tables
 * from here is a deliberate exception to "each module reads only its own tables": the
 * visibility rule's text is the lists module's, shared (list-visibility-sql.ts), and a page
 * costs one round trip instead of two.
 *
 * $7 is the list's version (migration 1763801100000-list-versions.ts) at which this instance
 * rendered the same page before, or null: when the list is still at that version, nothing is
 * read or rendered (the WHERE on it gates the whole page) and the cached page is served
 * (RenderedPageCache); `version` always comes back.
 */
const VISIBLE_PAGE = new NamedStatement(
  'items_visible_page',
  `WITH v AS MATERIALIZED (${visibleListsSql('l.id, l.name, l.version', 'l.id = $3::uuid')} LIMIT 1)
   SELECT v.id, v.name, v.role, v.version, page.fetched, page.items, page.last_seq
     FROM v CROSS JOIN LATERAL (
       SELECT count(*)::integer AS fetched,
              '[' || COALESCE(string_agg(${itemJsonTextSql('p')}, ',' ORDER BY p.seq) FILTER (WHERE p.rank < $5), '') || ']' AS items,
              max(p.seq) FILTER (WHERE p.rank < $5) AS last_seq
         FROM (SELECT i.*, row_number() OVER (ORDER BY i.seq) AS rank
                 FROM items_page(v.id, $4::bigint, $5::integer, $6::boolean) i
                WHERE v.version IS DISTINCT FROM $7::bigint) p
     ) page`,
);

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

interface VisiblePageRow {
  id: string;
  name: string;
  role: AccessibleList['role'];
  /** int8: pg hands it over as text. */
  version: string;
  fetched: number;
  items: string;
  /** int8: pg hands it over as text. */
  last_seq: string | null;
}

/**
 * Pages of items in PostgreSQL: one statement answers the list as the caller sees it and the
 * page, rendered as the JSON clients read (VISIBLE_PAGE), and a page already rendered at the
 * list's current version is served from RenderedPageCache without reading any item.
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

  async visiblePage(viewer: Viewer, listId: string, request: PageRequest): Promise<VisibleItemPage | null> {
    const cached = this.pages.find(listId, request);
    const { parameters } = pageStatement(viewer, listId, request, cached?.version);
    const [row] = await VISIBLE_PAGE.run<VisiblePageRow>(this.dataSource, parameters);
    if (!row) return null;
    const list = { id: row.id, name: row.name, role: row.role };
    // The same version: PostgreSQL rendered nothing, the page is the one kept.
    if (row.version === cached?.version) return { list, ...cached.page };
    const count = Math.min(row.fetched, request.limit);
    const page = {
      // Identity values stay far below 2^53, so a number is exact.
      items: { json: row.items, count, lastSeq: row.last_seq === null ? undefined : Number(row.last_seq) },
      hasMore: row.fetched > request.limit,
    };
    this.pages.set(listId, request, row.version, page);
    return { list, ...page };
  }
}
