import { randomUUID } from 'node:crypto';
import { accountViewer } from '../../../common/auth/reach';
import type { Viewer } from '../../../common/auth/principal';
import type { Due } from '../domain/due';
import type { NewItem } from '../domain/item';
import { ITEM_SORTS, PLAIN_FILTERS, type ItemFilters, type ItemSort, type SortKey } from '../domain/item-view';
import type { PageRequest } from '../application/item-page.read-model';
import { readView } from '../application/item-view-query';
import type { ItemRepositorySubject } from './item-repository.contract';

const T0 = new Date('2026-03-01T10:00:00.123Z');
const T1 = new Date('2026-03-02T10:00:00.456Z');

const due = (date: string, time: string | null = null, timeZone: string | null = null, at: string | null = null): Due => ({
  date,
  time,
  timeZone,
  recurrence: null,
  at: at === null ? null : new Date(at),
  seriesStart: null,
});

/**
 * One contract for the views of items (API.md section 13, "Views") over every
 * ItemPageReadModel: the same items, asked the same views, give the same pages in the same order,
 * in memory and in PostgreSQL. The expected answers are written out by hand, from the contract's
 * words, not computed by either store's code.
 */
export function describeItemViewContract(adapter: string, setup: () => Promise<ItemRepositorySubject>): void {
  describe(`ItemPageReadModel views contract: ${adapter}`, () => {
    let s: ItemRepositorySubject;
    let listId: string;
    let member: string;
    const ids = new Map<string, string>();
    const nameOf = new Map<string, string>();

    /** The texts of a page of the owner's view of the list. */
    async function texts(parameters: Record<string, string>, limit = 100, after?: SortKey) {
      const { view } = readView(parameters, s.owner, 'position');
      const page = await s.pages.visiblePage(accountViewer(s.owner), listId, { view, limit, after });
      return (JSON.parse(page!.items.json) as Array<{ text: string }>).map((item) => item.text);
    }

    /** Every page of the view, `limit` at a time, by the keys the pages end with. */
    async function allPages(view: { filters: ItemFilters; sort: ItemSort }, limit: number, viewer: Viewer = accountViewer(s.owner)) {
      const seen: string[] = [];
      let after: SortKey | undefined;
      for (let round = 0; round < 20; round += 1) {
        const request: PageRequest = { view, limit, after };
        const page = await s.pages.visiblePage(viewer, listId, request);
        seen.push(...(JSON.parse(page!.items.json) as Array<{ text: string }>).map((item) => item.text));
        if (!page!.hasMore) return seen;
        after = page!.lastKey;
      }
      throw new Error('the pages do not end');
    }

    /** Adds the entries (text and fields) to `list` as the owner, at T0, in one add. */
    async function addEntries(list: string, entries: Array<[string, Omit<NewItem, 'id' | 'text'>]>) {
      const added = await s.items.addToList({
        viewer: accountViewer(s.owner),
        reference: { id: list, name: list },
        items: entries.map(([text, fields]) => ({ id: randomUUID(), text, ...fields })),
        maxPerList: 10_000,
        at: T0,
      });
      if (!added.ok) throw new Error(`the add was refused: ${added.reason}`);
      return added.items;
    }

    beforeAll(async () => {
      const base = await setup();
      // An owner of its own: the other contracts run on the same subject, and GET /v1/items
      // would see every list of theirs that the subject's owner owns.
      const owner = await base.newUser();
      s = { ...base, owner, newList: (options = {}) => base.newList({ ownerId: owner, ...options }) };
      listId = await s.newList();
      member = await s.addMember(listId, 'editor');
      const added = await addEntries(listId, [
        ['a', { due: due('2026-03-05'), priority: 'high', labels: ['Work'], assigneeId: s.owner, notes: 'call Bob' }],
        [
          'b',
          { due: due('2026-03-05', '09:00', 'Europe/Berlin', '2026-03-05T08:00:00.000Z'), priority: 'low', labels: ['home', 'Errands'] },
        ],
        ['c', { priority: 'medium', assigneeId: member }],
        ['d', { due: due('2026-03-01'), labels: ['work'], assigneeId: s.owner }],
        ['e', { due: due('2026-03-10', '18:00', 'America/New_York', '2026-03-10T22:00:00.000Z'), priority: 'high' }],
        ['Buy milk', { notes: 'oat MILK please' }],
        ['g', { due: due('2026-03-05', '08:30', 'Asia/Tokyo', '2026-03-04T23:30:00.000Z') }],
      ]);
      for (const item of added) {
        ids.set(item.text, item.id);
        nameOf.set(item.id, item.text);
      }
      // e is completed a day later: its updated_at is the newest.
      await s.items.setCompletion(listId, [ids.get('e')!], true, s.owner, T1);
    });

    it('orders by position by default, and by due, created, updated or priority, ties by position', async () => {
      expect(await texts({})).toEqual(['a', 'b', 'c', 'd', 'e', 'Buy milk', 'g']);
      // No due last; on a date the all-day due first, then the timed ones by their instant.
      expect(await texts({ sort: 'due' })).toEqual(['d', 'a', 'g', 'b', 'e', 'c', 'Buy milk']);
      expect(await texts({ sort: 'created' })).toEqual(['a', 'b', 'c', 'd', 'e', 'Buy milk', 'g']);
      expect(await texts({ sort: 'updated' })).toEqual(['e', 'a', 'b', 'c', 'd', 'Buy milk', 'g']);
      expect(await texts({ sort: 'priority' })).toEqual(['a', 'e', 'c', 'b', 'd', 'Buy milk', 'g']);
    });

    it('filters by due dates (inclusive, items without a due excluded), has_due, assignee, label, priority and words', async () => {
      expect(await texts({ due_from: '2026-03-05' })).toEqual(['a', 'b', 'e', 'g']);
      expect(await texts({ due_to: '2026-03-05' })).toEqual(['a', 'b', 'd', 'g']);
      expect(await texts({ due_from: '2026-03-05', due_to: '2026-03-05' })).toEqual(['a', 'b', 'g']);
      expect(await texts({ has_due: 'true' })).toEqual(['a', 'b', 'd', 'e', 'g']);
      expect(await texts({ has_due: 'false' })).toEqual(['c', 'Buy milk']);
      expect(await texts({ assignee: 'me' })).toEqual(['a', 'd']);
      expect(await texts({ assignee: member })).toEqual(['c']);
      expect(await texts({ assignee: 'none' })).toEqual(['b', 'e', 'Buy milk', 'g']);
      expect(await texts({ label: ' WORK ' })).toEqual(['a', 'd']);
      expect(await texts({ label: 'errands' })).toEqual(['b']);
      expect(await texts({ priority: 'high,low' })).toEqual(['a', 'b', 'e']);
      expect(await texts({ q: 'milk' })).toEqual(['Buy milk']);
      expect(await texts({ q: 'MILK oat' })).toEqual(['Buy milk']);
      expect(await texts({ q: 'bob CALL' })).toEqual(['a']);
      expect(await texts({ q: 'milk bob' })).toEqual([]);
      // A LIKE wildcard in a word is a character like any other.
      expect(await texts({ q: '%' })).toEqual([]);
      expect(await texts({ q: 'b_y' })).toEqual([]);
    });

    it('finds words by the one comparison rule of texts (full case folding), in the text or in the notes', async () => {
      const other = await s.newList();
      await addEntries(other, [
        ['Straße fegen', {}],
        ['Call', { notes: 'ΟΔΥΣΣΕΥΣ' }],
        ['ab', { notes: 'cd' }],
      ]);
      const found = async (q: string) => {
        const { view } = readView({ q }, s.owner, 'position');
        const page = await s.pages.visiblePage(accountViewer(s.owner), other, { view, limit: 100 });
        return (JSON.parse(page!.items.json) as Array<{ text: string }>).map((item) => item.text);
      };
      // "ß" folds to "ss", and every sigma (final or not) to "σ", as in list names and duplicate texts.
      expect(await found('STRASSE')).toEqual(['Straße fegen']);
      expect(await found('straße')).toEqual(['Straße fegen']);
      expect(await found('οδυσσευς')).toEqual(['Call']);
      expect(await found('Σσ')).toEqual(['Call']);
      // A word lies in the text or in the notes, never across the two.
      expect(await found('abcd')).toEqual([]);
      expect(await found('bc')).toEqual([]);
      expect(await found('cd')).toEqual(['ab']);
    });

    it('combines filters with AND and with status', async () => {
      expect(await texts({ status: 'open', has_due: 'true', sort: 'priority' })).toEqual(['a', 'b', 'd', 'g']);
      expect(await texts({ status: 'completed', sort: 'due' })).toEqual(['e']);
      expect(await texts({ label: 'work', assignee: 'me', due_from: '2026-03-02' })).toEqual(['a']);
    });

    it('pages every order by keyset, the pages adding up to the whole view', async () => {
      for (const sort of ['position', 'due', 'created', 'updated', 'priority'] as const) {
        const whole = await texts({ sort });
        for (const limit of [1, 2, 3]) {
          expect({ sort, limit, pages: await allPages({ filters: PLAIN_FILTERS, sort }, limit) }).toEqual({ sort, limit, pages: whole });
        }
      }
      const open = { ...PLAIN_FILTERS, status: 'open' as const, hasDue: true };
      expect(await allPages({ filters: open, sort: 'due' }, 2)).toEqual(['d', 'a', 'g', 'b']);
      // The due order's dated and undated items, each part alone and both after a filter.
      expect(await allPages({ filters: { ...PLAIN_FILTERS, hasDue: false }, sort: 'due' }, 1)).toEqual(['c', 'Buy milk']);
      for (const limit of [1, 4]) {
        expect(await allPages({ filters: { ...PLAIN_FILTERS, status: 'open' }, sort: 'due' }, limit)).toEqual(
          await texts({ status: 'open', sort: 'due' }),
        );
      }
      // A filter beside the order: both parts, one statement (dated d and g, then undated c and Buy milk).
      for (const limit of [1, 2, 3]) {
        const filters: ItemFilters = { ...PLAIN_FILTERS, priorities: ['none', 'medium'] };
        expect({ limit, pages: await allPages({ filters, sort: 'due' }, limit) }).toEqual({ limit, pages: ['d', 'g', 'c', 'Buy milk'] });
      }
    });

    it('answers a list version that changes with a change to its items, and no items when the caller knew it', async () => {
      const view = { filters: PLAIN_FILTERS, sort: 'position' as const };
      const before = await s.pages.visiblePage(accountViewer(s.owner), listId, { view, limit: 100 });
      const again = await s.pages.visiblePage(accountViewer(s.owner), listId, { view, limit: 100 }, before!.version);
      expect(again).toMatchObject({ unchanged: true, version: before!.version, items: { count: 0 } });
      await s.items.setCompletion(listId, [ids.get('a')!], true, s.owner, T1);
      const after = await s.pages.visiblePage(accountViewer(s.owner), listId, { view, limit: 100 }, before!.version);
      expect(after!.unchanged).toBe(false);
      expect(after!.version).not.toBe(before!.version);
      expect(after!.items.count).toBe(7);
      await s.items.setCompletion(listId, [ids.get('a')!], false, s.owner, T1);
    });

    describe('across lists (GET /v1/items)', () => {
      let other: string;
      let hidden: string;
      let stranger: string;

      beforeAll(async () => {
        other = await s.newList({ name: `other ${randomUUID()}` });
        stranger = await s.newUser();
        hidden = await s.newList({ ownerId: stranger, name: `hidden ${randomUUID()}` });
        for (const [list, by, text, date] of [
          [other, s.owner, 'other due', '2026-03-02'],
          [other, s.owner, 'other none', null],
          [hidden, stranger, 'hidden due', '2026-03-01'],
        ] as const) {
          const added = await s.items.addToList({
            viewer: accountViewer(by),
            reference: { id: list, name: list },
            items: [{ id: randomUUID(), text, ...(date ? { due: due(date) } : {}) }],
            maxPerList: 10_000,
            at: T0,
          });
          if (!added.ok) throw new Error(`the add was refused: ${added.reason}`);
        }
      });

      async function found(parameters: Record<string, string>, viewer: Viewer = accountViewer(s.owner), limit = 100, after?: SortKey) {
        const read = readView(parameters, viewer.userId, 'due');
        const page = await s.pages.foundItems(viewer, { view: read.view, listIds: read.listIds, limit, after });
        return page && { ...page, texts: (JSON.parse(page.items.json) as Array<{ text: string }>).map((item) => item.text) };
      }

      it('shows the items of every list the viewer sees, in due order by default, with the lists on the page', async () => {
        const page = await found({ has_due: 'true' });
        expect(page!.texts).toEqual(['d', 'other due', 'a', 'g', 'b', 'e']);
        expect(page!.lists.map((list) => list.id)).toEqual([listId, other]);
        const first = await found({ has_due: 'true' }, accountViewer(s.owner), 1);
        expect(first!.lists.map((list) => list.id)).toEqual([listId]);
        expect(first!.hasMore).toBe(true);
        const second = await found({ has_due: 'true' }, accountViewer(s.owner), 1, first!.lastKey);
        expect(second!.texts).toEqual(['other due']);
        expect(second!.lists).toEqual([{ id: other, name: expect.stringMatching(/^other /) }]);
      });

      it('finds words across lists in every order, a page at a time as at once, never in a list it cannot see', async () => {
        // "other" is in two items of one list; "due" in one of them and in the stranger's item.
        expect((await found({ q: 'OTHER' }))!.texts).toEqual(['other due', 'other none']);
        expect((await found({ q: 'due' }))!.texts).toEqual(['other due']);
        // Every order GET /v1/items takes (position is a list's own).
        for (const sort of ITEM_SORTS.filter((sort) => sort !== 'position')) {
          const whole = (await found({ q: 'other', sort }))!.texts;
          expect(whole.sort()).toEqual(['other due', 'other none']);
          const first = await found({ q: 'other', sort }, accountViewer(s.owner), 1);
          const second = await found({ q: 'other', sort }, accountViewer(s.owner), 1, first!.lastKey);
          expect([...first!.texts, ...second!.texts]).toEqual((await found({ q: 'other', sort }))!.texts);
          expect(second!.hasMore).toBe(false);
        }
      });

      it('keeps to list_id, and to a restricted key’s lists; a list it cannot see is no page at all', async () => {
        expect((await found({ list_id: other }))!.texts).toEqual(['other due', 'other none']);
        expect((await found({ has_due: 'true' }, { userId: s.owner, listIds: [other] }))!.texts).toEqual(['other due']);
        expect(await found({ list_id: hidden })).toBeNull();
        expect(await found({ list_id: `${other},${hidden}` })).toBeNull();
        expect(await found({ list_id: listId }, { userId: s.owner, listIds: [other] })).toBeNull();
        expect(await found({ list_id: 'not-an-id' })).toBeNull();
        expect((await found({}, accountViewer(stranger)))!.texts).toEqual(['hidden due']);
      });
    });
  });
}
