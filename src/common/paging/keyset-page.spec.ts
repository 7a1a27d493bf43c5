import { randomBytes } from 'node:crypto';
import { keysetPage, type KeysetPosition } from './cursor';
import { HmacCursorCodec } from './hmac-cursor-codec';

const rows = Array.from({ length: 5 }, (_, i) => ({
  createdAt: new Date(Date.UTC(2026, 10, 28, 10, 0, i)),
  id: `00000000-0000-4000-8000-00000000000${i}`,
}));

/** The rows strictly after `after`, in (createdAt, id) order, `limit` of them. */
const read = async (after: KeysetPosition | null, limit: number) =>
  rows
    .filter((r) => !after || r.createdAt > after.createdAt || (r.createdAt.getTime() === after.createdAt.getTime() && r.id > after.id))
    .slice(0, limit);

describe('keysetPage', () => {
  const cursors = new HmacCursorCodec(randomBytes(32));

  it('walks every row once, a page at a time, and ends without a cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await keysetPage(cursors, 'things', cursor, 2, read, (r) => r);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);
    expect(seen).toEqual(rows.map((r) => r.id));
    expect(pages).toBe(3);
  });

  it('answers no cursor when the rows fit the page exactly', async () => {
    expect(await keysetPage(cursors, 'things', undefined, 5, read, (r) => r)).toEqual({ rows, nextCursor: null });
  });

  it('reads the cursor before the rows: a cursor of another kind is refused and nothing is read', async () => {
    const { nextCursor } = await keysetPage(cursors, 'other', undefined, 1, read, (r) => r);
    let reads = 0;
    const counted = async (after: KeysetPosition | null, limit: number) => ((reads += 1), read(after, limit));
    await expect(keysetPage(cursors, 'things', nextCursor!, 1, counted, (r) => r)).rejects.toThrow();
    expect(reads).toBe(0);
  });
});
