import type { Item } from './item';
import { addedPosition } from './position';
import { candidateQuery, matchEntries } from './item-matching';

const LIST = '00000000-0000-4000-8000-00000000a000';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
let seq = 0;
function item(n: number, text: string, completed = false): Item {
  seq += 1;
  return {
    id: id(n),
    listId: LIST,
    text,
    completed,
    createdAt: new Date(0),
    createdBy: id(900),
    completedAt: completed ? new Date(0) : null,
    completedBy: completed ? id(900) : null,
    notes: '',
    due: null,
    priority: 'none',
    labels: [],
    assignee: null,
    position: addedPosition(seq),
    updatedAt: new Date(0),
    version: 1,
    seq,
  };
}

describe('matching entries to items', () => {
  const milkOpenOld = item(1, 'Milk');
  const milkDone = item(2, 'milk', true);
  const milkOpenNew = item(3, 'MILK');
  const bread = item(4, 'bread', true);
  const all = [milkOpenOld, milkDone, milkOpenNew, bread];
  const ids = (result: ReturnType<typeof matchEntries>) => result.matched?.map((i) => i.id);

  it('complete takes the oldest open item with the text, case-insensitively', () => {
    expect(ids(matchEntries('complete', ['mIlK'], all))).toEqual([milkOpenOld.id]);
  });

  it('reopen takes the oldest completed one, remove the oldest of any state', () => {
    expect(ids(matchEntries('reopen', ['milk'], all))).toEqual([milkDone.id]);
    expect(ids(matchEntries('remove', ['milk'], all))).toEqual([milkOpenOld.id]);
  });

  it('never picks one item twice: repeated texts take the next oldest', () => {
    expect(ids(matchEntries('complete', ['milk', 'milk'], all))).toEqual([milkOpenOld.id, milkOpenNew.id]);
    expect(ids(matchEntries('remove', ['milk', 'milk', 'milk'], all))).toEqual([milkOpenOld.id, milkDone.id, milkOpenNew.id]);
    expect(matchEntries('complete', ['milk', 'milk', 'milk'], all)).toEqual({ matched: null, unmatched: ['milk'] });
  });

  it('lets ids claim their items before texts pick, and answers in entry order', () => {
    expect(ids(matchEntries('complete', ['milk', milkOpenOld.id], all))).toEqual([milkOpenNew.id, milkOpenOld.id]);
  });

  it('matches an id whatever its state: completing a completed item is a no-op match', () => {
    expect(ids(matchEntries('complete', [bread.id], all))).toEqual([bread.id]);
    expect(ids(matchEntries('reopen', [milkOpenOld.id], all))).toEqual([milkOpenOld.id]);
  });

  it('accepts ids in any letter case', () => {
    expect(ids(matchEntries('remove', [bread.id.toUpperCase()], all))).toEqual([bread.id]);
  });

  it('does not match one id twice', () => {
    expect(matchEntries('remove', [bread.id, bread.id], all)).toEqual({ matched: null, unmatched: [bread.id] });
  });

  it('treats an unknown id as a text, so an item whose text looks like an id still matches', () => {
    const idLike = item(5, id(777));
    expect(ids(matchEntries('complete', [id(777)], [...all, idLike]))).toEqual([idLike.id]);
    expect(matchEntries('complete', [id(778)], all)).toEqual({ matched: null, unmatched: [id(778)] });
  });

  it('reports every entry that matched nothing', () => {
    expect(matchEntries('reopen', ['milk', 'eggs', 'bread', 'bread'], all)).toEqual({
      matched: null,
      unmatched: ['eggs', 'bread'],
    });
  });

  it('asks the store for the ids among the entries and every entry as a text', () => {
    expect(candidateQuery(['Milk', id(1).toUpperCase(), 'milk'])).toEqual({
      ids: [id(1)],
      keys: ['milk', id(1)],
    });
  });
});
