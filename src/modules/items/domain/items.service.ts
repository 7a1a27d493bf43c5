import type { Viewer } from '../../../common/auth/principal';
import type { Clock } from '../../../common/ports/clock';
import type { IdGenerator } from '../../../common/ports/id-generator';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import { AccessibleList, canWriteItems, chooseList, ListAccess, readListReference } from '../../lists/domain/list-access';
import { Item, withCompletion } from './item';
import { candidateQuery, ItemAction, matchEntries } from './item-matching';
import type { ItemRepository } from './item.repository';
import { normaliseEntries, normaliseListReference } from './item-text';
import { AssigneeNotMember, ItemLimitReached, ItemsNotFound, ListGone, MAX_ITEMS_PER_LIST, ViewerCannotWrite } from './items.errors';
import { readAddEntries, type AddEntry } from './item-fields';

export interface ListRef {
  id: string;
  name: string;
}

export interface ItemsResult {
  list: ListRef;
  items: Item[];
}

const refOf = (list: AccessibleList): ListRef => ({ id: list.id, name: list.name });

/**
 * Adding, completing, reopening and removing items (application/item-pages.ts reads them).
 * The order of checks is API.md's: the body's shape (400) before the list's visibility
 * (404), before the caller's role (403), before domain rules (422). Every write is atomic.
 */
export class ItemsService {
  constructor(
    private readonly items: ItemRepository,
    private readonly access: ListAccess,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * One store call: which list the reference means, the caller's role on it, the limit
   * check, the counters and the multi-row insert are one statement in PostgreSQL, so an add
   * costs one round trip. The answers keep the contract's order of checks: the list (404,
   * or 422 for an ambiguous name), then the role (403), then the limit (422) and an assignee
   * who is not the owner or a member (422). Every entry is read (item-fields.ts) before the
   * list is looked up: a bad entry is a 400 and nothing is written.
   */
  async add(viewer: Viewer, listReference: string, entries: readonly AddEntry[]): Promise<ItemsResult> {
    const read = readAddEntries(entries, viewer.userId);
    const reference = readListReference(normaliseListReference(listReference));
    const at = this.clock.now();
    const drafts = read.map((fields) => ({ ...fields, id: this.ids.next() }));
    const outcome = await this.items.addToList({ viewer, reference, items: drafts, maxPerList: MAX_ITEMS_PER_LIST, at });
    if (outcome.ok) return { list: refOf(outcome.list), items: outcome.items };
    switch (outcome.reason) {
      case 'unresolved':
        chooseList(outcome.candidates, reference);
        // The store picks as pickList does; a list picked here would mean they disagree.
        throw new Error('the items store found no list where pickList finds one');
      case 'viewer':
        throw new ViewerCannotWrite();
      case 'limit_reached':
        throw new ItemLimitReached(drafts.length);
      case 'list_missing':
        throw new ListGone();
      case 'not_assignable':
        throw new AssigneeNotMember(outcome.userId, outcome.list.name);
    }
  }

  complete(viewer: Viewer, listReference: string, entries: readonly string[]): Promise<ItemsResult> {
    return this.change('complete', viewer, listReference, entries);
  }

  reopen(viewer: Viewer, listReference: string, entries: readonly string[]): Promise<ItemsResult> {
    return this.change('reopen', viewer, listReference, entries);
  }

  /** Answers the items as they were just before they were removed. */
  remove(viewer: Viewer, listReference: string, entries: readonly string[]): Promise<ItemsResult> {
    return this.change('remove', viewer, listReference, entries);
  }

  private async writableList(viewer: Viewer, listReference: string): Promise<AccessibleList> {
    const list = await this.access.resolve(viewer, normaliseListReference(listReference));
    if (!canWriteItems(list.role)) throw new ViewerCannotWrite();
    return list;
  }

  /**
   * complete/reopen/remove in one unit of work: lock the list's items, match every
   * entry, and write only if all matched; one unmatched entry is a 404 and the unit
   * ends without a single change.
   */
  private async change(action: ItemAction, viewer: Viewer, listReference: string, entries: readonly string[]): Promise<ItemsResult> {
    const wanted = normaliseEntries(entries);
    const list = await this.writableList(viewer, listReference);
    const userId = viewer.userId;
    return this.uow.run(async () => {
      if (!(await this.items.lockList(list.id))) throw new ListGone();
      const candidates = await this.items.findCandidates(list.id, candidateQuery(wanted));
      const match = matchEntries(action, wanted, candidates);
      if (!match.matched) throw new ItemsNotFound(match.unmatched);
      const at = this.clock.now();
      if (action === 'remove') {
        await this.items.removeAll(
          list.id,
          match.matched.map((item) => item.id),
          at,
          userId,
        );
        return { list: refOf(list), items: match.matched };
      }
      const completed = action === 'complete';
      const changing = match.matched.filter((item) => item.completed !== completed);
      if (changing.length > 0) {
        await this.items.setCompletion(
          list.id,
          changing.map((item) => item.id),
          completed,
          userId,
          at,
        );
      }
      return { list: refOf(list), items: match.matched.map((item) => withCompletion(item, completed, userId, at)) };
    });
  }
}
