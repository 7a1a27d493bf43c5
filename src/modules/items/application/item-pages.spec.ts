import { randomBytes, randomUUID } from 'node:crypto';
import { accountViewer } from '../../../common/auth/reach';
import { InvalidInput } from '../../../common/errors/domain-error';
import { HmacCursorCodec } from '../../../common/paging/hmac-cursor-codec';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { PLAIN_FILTERS, type ItemSort, type SortKey } from '../domain/item-view';
import { CursorOfAnotherList } from '../domain/items.errors';
import { FindRequest, FoundItems, ItemPageReadModel, PageRequest, VisibleItem, VisibleItemPage } from './item-page.read-model';
import { ItemPages, knownPageVersion, pageEtag } from './item-pages';

/** A key of the sort for the item at seq `seq`, as a store would end a page with it. */
const keyFor = (sort: ItemSort, seq: number): SortKey =>
  sort === 'position'
    ? ['a0', seq]
    : sort === 'due'
      ? ['2026-03-05', '-infinity', 'a0', seq]
      : sort === 'priority'
        ? [3, 'a0', seq]
        : ['2026-03-01T10:00:00.123Z', 'a0', seq];

/** A read model that answers one item with more to come, and records what it was asked. */
class RecordingPages extends ItemPageReadModel {
  pages: Array<{ listId: string; request: PageRequest; knownVersion?: string }> = [];
  finds: FindRequest[] = [];
  version = '41';

  async visiblePage(_viewer: unknown, listId: string, request: PageRequest, knownVersion?: string): Promise<VisibleItemPage | null> {
    this.pages.push({ listId, request, knownVersion });
    const unchanged = knownVersion === this.version;
    return {
      list: { id: listId, name: 'Groceries', role: 'owner' },
      version: this.version,
      unchanged,
      items: { json: unchanged ? '[]' : '[{}]', count: unchanged ? 0 : 1, lastSeq: unchanged ? undefined : 9 },
      hasMore: !unchanged,
      lastKey: unchanged ? undefined : keyFor(request.view.sort, 9),
    };
  }

  async foundItems(_viewer: unknown, request: FindRequest): Promise<FoundItems | null> {
    this.finds.push(request);
    if (request.listIds?.includes('00000000-0000-4000-8000-00000000dead')) return null;
    return { items: { json: '[{}]', count: 1, lastSeq: 3 }, hasMore: true, lastKey: keyFor(request.view.sort, 3), lists: [] };
  }

  /** Not asked by the pages these specs read. */
  async visibleItem(): Promise<VisibleItem | null> {
    throw new Error('visibleItem is not part of these specs');
  }
}

const ME = randomUUID();
const LIST = randomUUID();
const viewer = accountViewer(ME);

describe('ItemPages', () => {
  let store: RecordingPages;
  let pages: ItemPages;

  beforeEach(() => {
    store = new RecordingPages();
    pages = new ItemPages(store, new HmacCursorCodec(randomBytes(32)));
  });

  const failure = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      return error;
    }
    throw new Error('expected a failure');
  };

  it('reads the view of a list page: position order and no filter by default', async () => {
    await pages.page(viewer, LIST, {});
    expect(store.pages[0].request).toEqual({ view: { filters: PLAIN_FILTERS, sort: 'position' }, after: undefined, limit: 100 });
    await pages.page(viewer, LIST, {
      status: 'open',
      assignee: 'me',
      label: ' Work ',
      priority: 'low,high,low',
      q: ' Buy  MILK ',
      sort: 'due',
      limit: 5,
    });
    expect(store.pages[1].request).toEqual({
      view: {
        filters: {
          ...PLAIN_FILTERS,
          status: 'open',
          assignee: { kind: 'user', id: ME },
          labelKey: 'work',
          priorities: ['low', 'high'],
          words: ['buy', 'milk'],
        },
        sort: 'due',
      },
      after: undefined,
      limit: 5,
    });
  });

  it('binds a cursor to its view: the same parameters (in any spelling) or none continue it, others are a 400', async () => {
    const first = await pages.page(viewer, LIST, { status: 'open', label: 'Work', sort: 'due' });
    const cursor = first.nextCursor!;
    expect(cursor).toEqual(expect.any(String));
    // None: the cursor's view applies.
    await pages.page(viewer, LIST, { cursor });
    expect(store.pages[1].request.view).toEqual(store.pages[0].request.view);
    expect(store.pages[1].request.after).toEqual(['2026-03-05', '-infinity', 'a0', 9]);
    // The same, spelt otherwise.
    await pages.page(viewer, LIST, { cursor, status: 'open', label: 'WORK', sort: 'due', limit: 7 });
    expect(store.pages[2].request.view).toEqual(store.pages[0].request.view);
    for (const other of [
      { status: 'all' },
      { status: 'open', label: 'Work' },
      { status: 'open', label: 'Home', sort: 'due' },
      { sort: 'position' },
    ]) {
      const error = await failure(pages.page(viewer, LIST, { cursor, ...other }));
      expect(error).toBeInstanceOf(InvalidInput);
      expect((error as InvalidInput).message).toMatch(/cursor was issued for other filters/);
    }
  });

  it('refuses a cursor of another list, another route, or one altered', async () => {
    const { nextCursor } = await pages.page(viewer, LIST, {});
    expect(await failure(pages.page(viewer, randomUUID(), { cursor: nextCursor! }))).toBeInstanceOf(CursorOfAnotherList);
    expect(await failure(pages.find(viewer, { cursor: nextCursor! }))).toBeInstanceOf(InvalidInput);
    const found = await pages.find(viewer, {});
    expect(await failure(pages.page(viewer, LIST, { cursor: found.nextCursor! }))).toBeInstanceOf(InvalidInput);
    expect(await failure(pages.page(viewer, LIST, { cursor: `${nextCursor!.slice(0, -2)}AA` }))).toBeInstanceOf(InvalidInput);
  });

  it('checks what forms cannot say: due_from after due_to, label and q bounds, list_id count', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ due_from: '2026-03-02', due_to: '2026-03-01' }, /due_from must not be after due_to/],
      [{ label: 'x'.repeat(41) }, /label must be at most 40 characters/],
      [{ label: '   ' }, /label must not be empty/],
      [{ q: '   ' }, /q must hold at least one word/],
      [{ q: Array.from({ length: 11 }, (_, i) => `w${i}`).join(' ') }, /q must hold at most 10 words/],
      [{ q: 'x'.repeat(201) }, /q must be at most 200 characters/],
    ];
    for (const [query, message] of cases) {
      const error = await failure(pages.page(viewer, LIST, query));
      expect({ query, error: (error as Error).message }).toEqual({ query, error: expect.stringMatching(message) });
    }
    const ids = Array.from({ length: 101 }, () => randomUUID()).join(',');
    expect(((await failure(pages.find(viewer, { list_id: ids }))) as Error).message).toMatch(/list_id must name at most 100 lists/);
    expect(((await failure(pages.find(viewer, { list_id: `${LIST},,${LIST}` }))) as Error).message).toMatch(/list_id must be a comma list/);
    // 40 characters, one of them outside the BMP, is a label.
    await pages.page(viewer, LIST, { label: `${'x'.repeat(39)}🎉` });
  });

  it('finds across lists in due order by default, the lists asked for lower-cased without repeats; an invisible one is a 404', async () => {
    await pages.find(viewer, { list_id: `${LIST.toUpperCase()},${LIST}` });
    expect(store.finds[0]).toMatchObject({ view: { sort: 'due' }, listIds: [LIST] });
    expect(await failure(pages.find(viewer, { list_id: '00000000-0000-4000-8000-00000000dead' }))).toBeInstanceOf(ListNotFound);
    const first = await pages.find(viewer, { list_id: LIST, sort: 'priority' });
    await pages.find(viewer, { cursor: first.nextCursor! });
    expect(store.finds.at(-1)).toMatchObject({ view: { sort: 'priority' }, listIds: [LIST], after: [3, 'a0', 3] });
    expect(await failure(pages.find(viewer, { cursor: first.nextCursor!, list_id: randomUUID(), sort: 'priority' }))).toBeInstanceOf(
      InvalidInput,
    );
  });

  it('gives a plain page an ETag of the list version, and says not modified when If-None-Match names it', async () => {
    const plain = await pages.page(viewer, LIST, { status: 'open', sort: 'due' });
    expect(plain.etag).toBe(pageEtag('41'));
    expect(plain.notModified).toBe(false);
    const again = await pages.page(viewer, LIST, { status: 'open', sort: 'due' }, `W/"1.x", ${plain.etag!}`);
    expect(store.pages.at(-1)!.knownVersion).toBe('41');
    expect(again).toMatchObject({ etag: plain.etag, notModified: true });
    const filtered = await pages.page(viewer, LIST, { label: 'work' }, plain.etag!);
    expect(filtered).toMatchObject({ etag: null, notModified: false });
    expect(store.pages.at(-1)!.knownVersion).toBeUndefined();
    store.version = '42';
    expect(await pages.page(viewer, LIST, {}, plain.etag!)).toMatchObject({ etag: pageEtag('42'), notModified: false });
  });

  it('reads the version out of this revision’s ETags only', () => {
    expect(knownPageVersion(pageEtag('7'))).toBe('7');
    expect(knownPageVersion(`"x", W/${pageEtag('8')}`)).toBe('8');
    expect(knownPageVersion('"7"')).toBeUndefined();
    expect(knownPageVersion(undefined)).toBeUndefined();
  });
});
