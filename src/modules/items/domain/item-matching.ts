import { isUuid } from '../../../common/ports/id-generator';
import type { Item } from './item';
import { foldKey } from '../../../common/text/fold-key';

/** The actions that pick existing items by id or text. */
export type ItemAction = 'complete' | 'reopen' | 'remove' | 'update' | 'move';

/**
 * Which items a text entry may pick, by action (API.md section 6, "Actions"): update and move
 * (section 13), like remove, take the oldest item of any state.
 */
const TEXT_TARGET: Record<ItemAction, (item: Item) => boolean> = {
  complete: (item) => !item.completed,
  reopen: (item) => item.completed,
  remove: () => true,
  update: () => true,
  move: () => true,
};

/** What the store must fetch for matching: items of the list with one of these ids or match keys. */
export interface CandidateQuery {
  ids: string[];
  keys: string[];
}

export function candidateQuery(entries: readonly string[]): CandidateQuery {
  // Any entry may be a text (even one shaped like a UUID), so every entry contributes a key.
  return {
    ids: [...new Set(entries.filter(isUuid).map((id) => id.toLowerCase()))],
    keys: [...new Set(entries.map(foldKey))],
  };
}

export type MatchResult = { matched: Item[]; unmatched: [] } | { matched: null; unmatched: string[] };

/**
 * Picks one item per entry from `candidates` (the list's items that share an id or a
 * match key with some entry, any order). An entry is an item id of the list, or else a
 * text: complete takes the oldest open item with that text, reopen the oldest completed
 * one, remove the oldest of any state. Ids claim their items first, so that
 * ["milk", <id of the oldest milk>] completes two items rather than failing on the id;
 * then texts take the oldest items nobody has claimed. No item is picked twice. An id
 * names its item whatever its state (completing a completed item is a no-op the caller
 * still reports). Returns the items in entry order, or every entry that matched nothing.
 */
export function matchEntries(action: ItemAction, entries: readonly string[], candidates: readonly Item[]): MatchResult {
  const oldestFirst = [...candidates].sort((a, b) => a.seq - b.seq);
  const byId = new Map(oldestFirst.map((item) => [item.id.toLowerCase(), item]));
  const claimed = new Set<string>();
  const picks: Array<Item | undefined> = entries.map(() => undefined);

  entries.forEach((entry, index) => {
    const item = isUuid(entry) ? byId.get(entry.toLowerCase()) : undefined;
    if (item && !claimed.has(item.id)) {
      claimed.add(item.id);
      picks[index] = item;
    }
  });

  const eligible = TEXT_TARGET[action];
  entries.forEach((entry, index) => {
    if (picks[index]) return;
    const key = foldKey(entry);
    const item = oldestFirst.find((c) => !claimed.has(c.id) && eligible(c) && foldKey(c.text) === key);
    if (item) {
      claimed.add(item.id);
      picks[index] = item;
    }
  });

  const unmatched = entries.filter((_, index) => !picks[index]);
  return unmatched.length > 0 ? { matched: null, unmatched } : { matched: picks as Item[], unmatched: [] };
}
