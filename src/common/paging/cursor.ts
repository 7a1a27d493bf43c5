import { CursorCodec, cursorField } from '../ports/cursor-codec';

/** `limit` query parameter: 1-500, default 100. */
export const PAGE_LIMIT = { min: 1, max: 500, default: 100 } as const;

/** A row's place in a (created_at, id) order: a keyset page starts strictly after it. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

const POSITION = { c: cursorField.instant, i: cursorField.uuid };

/**
 * One page of rows in a (created_at, id) order behind an opaque cursor of `kind` (lists,
 * webhook deliveries). The cursor (a next_cursor issued for that kind; anything else is a 400)
 * is read before `read` runs; `read` answers up to `limit` rows strictly after the position,
 * from the start without one, and is asked for one row more than the page: that row is what
 * says another page follows, whose cursor names the page's last row.
 */
export async function keysetPage<T>(
  cursors: CursorCodec,
  kind: string,
  cursor: string | undefined,
  limit: number,
  read: (after: KeysetPosition | null, limit: number) => Promise<T[]>,
  positionOf: (row: T) => KeysetPosition,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const after = cursor === undefined ? null : cursors.decode(kind, cursor, POSITION);
  const rows = await read(after && { createdAt: new Date(after.c), id: after.i }, limit + 1);
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = positionOf(page[limit - 1]);
  return { rows: page, nextCursor: cursors.encode(kind, { c: last.createdAt.toISOString(), i: last.id }) };
}
