import fc from 'fast-check';
import type { Viewer } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import { foldKey } from '../../../common/text/fold-key';
import type { NewItem } from '../domain/item';
import { addedPosition } from '../domain/position';
import type { ItemPageReadModel, PageRequest } from '../application/item-page.read-model';
import type { ItemRepository } from '../domain/item.repository';
import { readListReference } from '../../lists/domain/list-access';
import { presentItem } from '../application/item.presenter';
import { itemsShown } from './rendered-items';
import { plainRequest } from './plain-request';
import { describeItemEditsContract } from './item-edits.contract';
import { describeItemRecurrenceContract } from './item-recurrence.contract';
import { freshId } from './fresh-id';

export interface ListCountersView {
  itemCount: number;
  openItemCount: number;
  updatedAt: Date | null;
}

/** What the contract needs from each adapter's world: the store, the page read model over it, its unit of work, and list rows. */
export interface ItemRepositorySubject {
  items: ItemRepository;
  pages: ItemPageReadModel;
  uow: UnitOfWork;
  /**
   * A new, empty list (a lists row in PostgreSQL), owned by `owner` unless another owner is
   * given, named as given or after its id, created at `createdAt` (or a fixed instant); returns its id.
   */
  newList(options?: { name?: string; ownerId?: string; createdAt?: Date }): Promise<string>;
  /** The owner of the lists newList makes by default. */
  owner: string;
  /** A new user (a users row in PostgreSQL); returns their id. */
  newUser(): Promise<string>;
  /** Makes a user (a new one unless given) a member of the list with this role; returns their id. */
  addMember(listId: string, role: 'editor' | 'viewer', userId?: string): Promise<string>;
  deleteList(listId: string): Promise<void>;
  counters(listId: string): Promise<ListCountersView>;
}

const USER = '00000000-0000-4000-8000-0000000000aa';
const OTHER_USER = '00000000-0000-4000-8000-0000000000bb';
const T0 = new Date('2026-03-01T10:00:00.123Z');
const T1 = new Date('2026-03-01T11:30:00.456Z');

const drafts = (texts: string[]): NewItem[] => texts.map((text) => ({ id: freshId(), text }));

/**
 * One contract for every ItemRepository adapter and the ItemPageReadModel beside it (the
 * pages must show what the store wrote), run against the in-memory store by the
 * unit suite and against PostgreSQL by the e2e suite, so the fake cannot drift from
 * the real thing.
 */
export function describeItemRepositoryContract(adapter: string, setup: () => Promise<ItemRepositorySubject>): void {
  describe(`ItemRepository contract: ${adapter}`, () => {
    let s: ItemRepositorySubject;
    let listId: string;

    beforeEach(async () => {
      s = await setup();
      listId = await s.newList();
    });

    /** A page of the list as its owner sees it. */
    async function page(request: PageRequest) {
      const visible = await s.pages.visiblePage(accountViewer(s.owner), listId, request);
      if (!visible) throw new Error('the owner cannot see the list');
      return { ...visible, shown: itemsShown(visible.items) };
    }

    /** What a caller sees of the list's items, parsed; null when they cannot see the list. */
    async function shownTo(viewer: string | Viewer, request: PageRequest) {
      const visible = await s.pages.visiblePage(typeof viewer === 'string' ? accountViewer(viewer) : viewer, listId, request);
      return visible && { ...visible, shown: itemsShown(visible.items) };
    }

    /** An add to the list with this id, by the owner of the lists newList makes. */
    const addTo = (list: string, items: NewItem[], max: number, at: Date) =>
      s.items.addToList({ viewer: accountViewer(s.owner), reference: { id: list, name: list }, items, maxPerList: max, at });

    async function insert(texts: string[], max = 10_000, at = T0) {
      const outcome = await addTo(listId, drafts(texts), max, at);
      if (!outcome.ok) throw new Error(`insert refused: ${outcome.reason}`);
      return outcome.items;
    }

    it('inserts in the given order, open, with increasing positions, and counts them', async () => {
      const given = drafts(['b', 'a', 'c']);
      const outcome = await addTo(listId, given, 10_000, T1);
      expect(outcome.ok).toBe(true);
      const items = outcome.ok ? outcome.items : [];
      expect(items.map((i) => i.id)).toEqual(given.map((d) => d.id));
      // Every item of an add is the caller's, created at the add's instant.
      expect(items[0]).toEqual({
        ...given[0],
        listId,
        createdAt: T1,
        createdBy: s.owner,
        completed: false,
        completedAt: null,
        completedBy: null,
        // The defaults of API.md section 13, and a position after every other item's.
        notes: '',
        due: null,
        priority: 'none',
        labels: [],
        assignee: null,
        position: addedPosition(items[0].seq),
        updatedAt: T1,
        version: 1,
        seq: expect.any(Number),
      });
      expect(items.map((i) => i.createdAt.toISOString())).toEqual([T1, T1, T1].map((t) => t.toISOString()));
      expect(items[1].seq).toBeGreaterThan(items[0].seq);
      expect(items[2].seq).toBeGreaterThan(items[1].seq);
      expect(items[0].position < items[1].position && items[1].position < items[2].position).toBe(true);
      // What the store returns is what it holds.
      const stored = await s.items.findCandidates(listId, { ids: given.map((d) => d.id), keys: [] });
      expect(stored).toEqual(items);
      expect(await s.counters(listId)).toEqual({ itemCount: 3, openItemCount: 3, updatedAt: T1 });
    });

    it('refuses a batch that would pass the limit, inserting none of it, and accepts one that reaches it', async () => {
      await insert(['one', 'two']);
      const refused = await addTo(listId, drafts(['three', 'four']), 3, T1);
      expect(refused).toMatchObject({ ok: false, reason: 'limit_reached', list: { id: listId, role: 'owner' } });
      expect(await s.counters(listId)).toEqual({ itemCount: 2, openItemCount: 2, updatedAt: T0 });
      expect((await page(plainRequest('all', 10))).shown).toHaveLength(2);
      const accepted = await addTo(listId, drafts(['three']), 3, T1);
      expect(accepted.ok).toBe(true);
      expect((await s.counters(listId)).itemCount).toBe(3);
    });

    it('reports a list that does not exist as no list picked, with no candidates', async () => {
      const missing = freshId();
      expect(await addTo(missing, drafts(['x']), 10_000, T0)).toEqual({ ok: false, reason: 'unresolved', candidates: [] });
      expect(await s.items.lockList(missing)).toBe(false);
    });

    describe('which list an add means (the rule of ListAccess pickList, in each store)', () => {
      const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
      const one = () => drafts(['item']);
      const named = (name: string, items = one(), viewer: Viewer = accountViewer(s.owner)) =>
        s.items.addToList({ viewer, reference: readListReference(name), items, maxPerList: 10_000, at: T1 });
      /** The owner of the lists, through a key restricted to these lists. */
      const restrictedTo = (...listIds: string[]): Viewer => ({ userId: s.owner, listIds });
      /** A list of another owner, shared with the caller (s.owner) with this role. */
      async function shared(name: string, role: 'editor' | 'viewer', createdAt: Date, ownerId?: string) {
        const owner = ownerId ?? (await s.newUser());
        const id = await s.newList({ name, ownerId: owner, createdAt });
        await s.addMember(id, role, s.owner);
        return id;
      }

      it("takes the caller's own list of a name before shared ones, matching names as foldKey does", async () => {
        const theirs = await shared(`Groceries ${listId}`, 'editor', at(1));
        const own = await s.newList({ name: `groceries ${listId}`, createdAt: at(2) });
        expect(await named(` GROCERIES ${listId.toUpperCase()} `)).toMatchObject({ ok: true, list: { id: own, role: 'owner' } });
        expect((await s.counters(theirs)).itemCount).toBe(0);
      });

      it('takes the only shared list of a name, with the role the caller has on it', async () => {
        const trip = await shared(`Trip ${listId}`, 'editor', at(1));
        const outcome = await named(`trip ${listId}`);
        expect(outcome).toMatchObject({ ok: true, list: { id: trip, name: `Trip ${listId}`, role: 'editor' } });
        expect(outcome.ok && outcome.items.map((i) => i.listId)).toEqual([trip]);
      });

      it('takes no list when two shared ones have the name, and names both, oldest first', async () => {
        const newer = await shared(`Books ${listId}`, 'editor', at(2));
        const older = await shared(`books ${listId}`, 'viewer', at(1));
        expect(await named(`BOOKS ${listId}`)).toEqual({
          ok: false,
          reason: 'unresolved',
          candidates: [
            { id: older, name: `books ${listId}`, role: 'viewer' },
            { id: newer, name: `Books ${listId}`, role: 'editor' },
          ],
        });
        expect((await s.counters(older)).itemCount + (await s.counters(newer)).itemCount).toBe(0);
      });

      it('refuses a viewer, adding nothing', async () => {
        const chores = await shared(`Chores ${listId}`, 'viewer', at(1));
        expect(await named(chores)).toEqual({
          ok: false,
          reason: 'viewer',
          list: { id: chores, name: `Chores ${listId}`, role: 'viewer' },
        });
        expect((await s.counters(chores)).itemCount).toBe(0);
      });

      it('takes the id match before a list named like that id, and a list named like an id no list has', async () => {
        const byId = await shared(`by id ${listId}`, 'editor', at(2));
        await s.newList({ name: byId, createdAt: at(1) });
        expect(await named(byId.toUpperCase())).toMatchObject({ ok: true, list: { id: byId } });
        const ghost = freshId();
        const namedLikeAnId = await shared(ghost, 'editor', at(3));
        expect(await named(ghost)).toMatchObject({ ok: true, list: { id: namedLikeAnId, name: ghost } });
      });

      it('takes no list the caller cannot see, by id or by name', async () => {
        const stranger = await s.newUser();
        const hidden = await s.newList({ name: `hidden ${listId}`, ownerId: stranger, createdAt: at(1) });
        expect(await named(hidden)).toEqual({ ok: false, reason: 'unresolved', candidates: [] });
        expect(await named(`hidden ${listId}`)).toEqual({ ok: false, reason: 'unresolved', candidates: [] });
        expect((await s.counters(hidden)).itemCount).toBe(0);
      });

      it("takes, for a list-restricted key, only among the key's lists: an outside list is never a candidate", async () => {
        const own = await s.newList({ name: `errands ${listId}`, createdAt: at(1) });
        const inside = await shared(`Errands ${listId}`, 'editor', at(2));
        const key = restrictedTo(inside);
        expect(await named(`ERRANDS ${listId}`, one(), key)).toMatchObject({ ok: true, list: { id: inside, role: 'editor' } });
        expect(await named(own, one(), key)).toEqual({ ok: false, reason: 'unresolved', candidates: [] });
        expect((await s.counters(own)).itemCount).toBe(0);
        expect((await s.counters(inside)).itemCount).toBe(1);
      });

      it("takes the one shared list of a name in the key's lists when another of that name is outside them", async () => {
        const outside = await shared(`Films ${listId}`, 'editor', at(1));
        const inside = await shared(`films ${listId}`, 'editor', at(2));
        expect(await named(`FILMS ${listId}`)).toMatchObject({ ok: false, reason: 'unresolved' });
        expect(await named(`FILMS ${listId}`, one(), restrictedTo(inside, freshId()))).toMatchObject({ ok: true, list: { id: inside } });
        expect(await named(`FILMS ${listId}`, one(), restrictedTo(outside))).toMatchObject({ ok: true, list: { id: outside } });
        expect(await named(`FILMS ${listId}`, one(), restrictedTo())).toEqual({ ok: false, reason: 'unresolved', candidates: [] });
      });
    });

    it('finds candidates by id or match key, oldest first, only in the list', async () => {
      const [milk, bread, milk2] = await insert(['Milk', 'bread', 'MILK']);
      const other = await s.newList();
      await addTo(other, drafts(['milk']), 10_000, T0);
      const found = await s.items.findCandidates(listId, { ids: [bread.id], keys: ['milk'] });
      expect(found.map((i) => i.id)).toEqual([milk.id, bread.id, milk2.id]);
      expect(await s.items.findCandidates(listId, { ids: [], keys: ['eggs'] })).toEqual([]);
    });

    /*
     * Keys are foldKey's (NFC, then Unicode full case folding), as the domain computes them;
     * the store matches them against each text's key. Full folding is not Turkish-aware: "İ"
     * folds to "i̇" (i + U+0307), not "i", and the dotless "ı" folds to itself.
     */
    it('matches texts by the folded key: ß and SS, sigmas, combining accents; İ and ı only as full folding says', async () => {
      const [strasse, cafe, odos, istanbul, ilik] = await insert(['Straße', 'Caf\u00e9', 'ΟΔΟΣ', '\u0130stanbul', '\u0131l\u0131k']);
      const keys = (...texts: string[]) => ({ ids: [], keys: texts.map(foldKey) });
      const found = async (...texts: string[]) => (await s.items.findCandidates(listId, keys(...texts))).map((i) => i.id);
      expect(await found('STRASSE')).toEqual([strasse.id]);
      expect(await found('strasse', 'CAFE\u0301', 'οδος')).toEqual([strasse.id, cafe.id, odos.id]);
      expect(await found('οδοσ')).toEqual([odos.id]);
      expect(await found('i\u0307stanbul', '\u0131L\u0131K')).toEqual([istanbul.id, ilik.id]);
      expect(await found('istanbul', 'ISTANBUL', 'ilik', 'ILIK', 'cafe')).toEqual([]);
    });

    it('completes and reopens, recording and clearing who and when, counting only real changes', async () => {
      const [a, b] = await insert(['a', 'b']);
      await s.uow.run(async () => {
        expect(await s.items.lockList(listId)).toBe(true);
        await s.items.setCompletion(listId, [a.id], true, OTHER_USER, T1);
      });
      let [first] = await s.items.findCandidates(listId, { ids: [a.id], keys: [] });
      expect(first).toMatchObject({ completed: true, completedBy: OTHER_USER, completedAt: T1, updatedAt: T1, version: 2 });
      expect(await s.counters(listId)).toEqual({ itemCount: 2, openItemCount: 1, updatedAt: T1 });

      const later = new Date(T1.getTime() + 60_000);
      await s.items.setCompletion(listId, [a.id], true, USER, later);
      expect(await s.counters(listId)).toEqual({ itemCount: 2, openItemCount: 1, updatedAt: T1 });
      [first] = await s.items.findCandidates(listId, { ids: [a.id], keys: [] });
      expect(first).toMatchObject({ completedBy: OTHER_USER, updatedAt: T1, version: 2 });

      await s.items.setCompletion(listId, [a.id, b.id], false, USER, later);
      [first] = await s.items.findCandidates(listId, { ids: [a.id], keys: [] });
      expect(first).toMatchObject({ completed: false, completedAt: null, completedBy: null, updatedAt: later, version: 3 });
      const [second] = await s.items.findCandidates(listId, { ids: [b.id], keys: [] });
      // b was open: reopening it is no change.
      expect(second).toMatchObject({ updatedAt: T0, version: 1 });
      expect(await s.counters(listId)).toEqual({ itemCount: 2, openItemCount: 2, updatedAt: later });
    });

    it('removes for good and adjusts both counts', async () => {
      const [a, b, c] = await insert(['a', 'b', 'c']);
      await s.items.setCompletion(listId, [b.id], true, USER, T0);
      await s.items.removeAll(listId, [a.id, b.id], T1, USER);
      const left = await page(plainRequest('all', 10));
      expect(left.shown.map((i) => i.id)).toEqual([c.id]);
      expect(await s.counters(listId)).toEqual({ itemCount: 1, openItemCount: 1, updatedAt: T1 });
      await s.items.removeAll(listId, [a.id], new Date(T1.getTime() + 1000), USER);
      expect((await s.counters(listId)).updatedAt).toEqual(T1);
    });

    it('pages by keyset, oldest first, per status, saying whether more follow', async () => {
      const items = await insert(['1', '2', '3', '4', '5']);
      await s.items.setCompletion(listId, [items[1].id, items[3].id], true, USER, T1);
      const first = await page(plainRequest('all', 2));
      expect(first.shown.map((i) => i.text)).toEqual(['1', '2']);
      expect(first.items.lastSeq).toBe(items[1].seq);
      expect(first.hasMore).toBe(true);
      const rest = await page(plainRequest('all', 3, first.lastKey));
      expect(rest.shown.map((i) => i.text)).toEqual(['3', '4', '5']);
      expect(rest.items.lastSeq).toBe(items[4].seq);
      expect(rest.hasMore).toBe(false);
      const open = await page(plainRequest('open', 2));
      expect(open.shown.map((i) => i.text)).toEqual(['1', '3']);
      expect(open.hasMore).toBe(true);
      const completed = await page(plainRequest('completed', 2));
      expect(completed.shown.map((i) => i.text)).toEqual(['2', '4']);
      expect(completed.items.lastSeq).toBe(items[3].seq);
      expect(completed.hasMore).toBe(false);
    });

    it('renders each item of a page exactly as the presenter writes it, byte for byte', async () => {
      const texts = [
        'plain',
        'quote " backslash \\ slash / and <b>&amp;</b>',
        'tab\tnew line\ncarriage\rfeed\fback\b',
        '\u0001\u001f\u007f controls',
        'é ß 日本語 🎉 👩‍👩‍👧',
        'line and paragraph separators \u2028\u2029',
        ' spaces kept inside ',
      ];
      const stored = await insert(texts, 10_000, T0);
      await s.items.setCompletion(listId, [stored[1].id, stored[4].id], true, OTHER_USER, T1);
      const rendered = (await page(plainRequest('all', 100))).items;
      const now = await s.items.findCandidates(listId, { ids: stored.map((i) => i.id), keys: [] });
      expect(rendered.json).toBe(JSON.stringify(now.map(presentItem)));
      expect(rendered.count).toBe(texts.length);
    });

    it('renders any text as JSON.stringify does (property: 1-12 code points of any Unicode but NUL, which no text column holds)', async () => {
      const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((t) => !t.includes('\u0000'));
      await fc.assert(
        fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 8 }), async (texts) => {
          const list = await s.newList();
          const outcome = await addTo(list, drafts(texts), 10_000, T0);
          if (!outcome.ok) throw new Error(`insert refused: ${outcome.reason}`);
          const rendered = await s.pages.visiblePage(accountViewer(s.owner), list, plainRequest('all', 100));
          expect(rendered?.items.json).toBe(JSON.stringify(outcome.items.map(presentItem)));
        }),
        { numRuns: 25 },
      );
    });

    it('answers a page with the list as its owner and members see it, and nothing to anyone else', async () => {
      await insert(['1', '2', '3']);
      const owned = await shownTo(s.owner, plainRequest('all', 2));
      expect(owned).toMatchObject({ list: { id: listId, role: 'owner' }, hasMore: true });
      expect(typeof owned?.list.name).toBe('string');
      expect(owned?.shown.map((i) => i.text)).toEqual(['1', '2']);
      const rest = await shownTo(s.owner, plainRequest('all', 2, owned!.lastKey));
      expect(rest?.shown.map((i) => i.text)).toEqual(['3']);
      expect(rest?.hasMore).toBe(false);
      for (const role of ['editor', 'viewer'] as const) {
        const member = await s.addMember(listId, role);
        const seen = await shownTo(member, plainRequest('open', 10));
        expect(seen?.list).toEqual({ ...owned!.list, role });
        expect(seen?.shown.map((i) => i.text)).toEqual(['1', '2', '3']);
      }
      expect(await s.pages.visiblePage(accountViewer(OTHER_USER), listId, plainRequest('all', 10))).toBeNull();
      const inside = await shownTo({ userId: s.owner, listIds: [freshId(), listId] }, plainRequest('all', 10));
      expect(inside?.list).toEqual(owned!.list);
      expect(inside?.shown.map((i) => i.text)).toEqual(['1', '2', '3']);
      expect(await shownTo({ userId: s.owner, listIds: [freshId()] }, plainRequest('all', 10))).toBeNull();
      expect(await s.pages.visiblePage(accountViewer(s.owner), freshId(), plainRequest('all', 10))).toBeNull();
    });

    it('answers an empty page of a visible list as the list with no items', async () => {
      expect(await s.pages.visiblePage(accountViewer(s.owner), listId, plainRequest('all', 10))).toMatchObject({
        list: { id: listId, role: 'owner' },
        items: { json: '[]', count: 0, lastSeq: undefined },
        hasMore: false,
      });
      await insert(['only']);
      expect(await s.pages.visiblePage(accountViewer(s.owner), listId, plainRequest('completed', 10))).toMatchObject({
        items: { json: '[]', count: 0, lastSeq: undefined },
        hasMore: false,
      });
      await s.deleteList(listId);
      expect(await s.pages.visiblePage(accountViewer(s.owner), listId, plainRequest('all', 10))).toBeNull();
    });

    it('forgets the items of a deleted list', async () => {
      await insert(['a']);
      await s.deleteList(listId);
      expect(await s.items.lockList(listId)).toBe(false);
      expect(await s.pages.visiblePage(accountViewer(s.owner), listId, plainRequest('all', 10))).toBeNull();
    });

    describeItemEditsContract(
      () => s,
      () => listId,
    );
    describeItemRecurrenceContract(
      () => s,
      () => listId,
    );
  });
}
