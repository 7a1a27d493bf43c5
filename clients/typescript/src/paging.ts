/** One page of a paged route: its entries and the cursor of the next page (null on the last). */
export interface Page<T> {
  entries: T[];
  next_cursor: string | null;
}

/**
 * Every entry of a paged route, page after page, reading the next page only when the caller
 * has taken the entries of the one before: `fetchPage(undefined)` is the first page,
 * `fetchPage(cursor)` the next ones, until a page's `next_cursor` is null.
 */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.entries;
    if (page.next_cursor === null) return;
    cursor = page.next_cursor;
  }
}
