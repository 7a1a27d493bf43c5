import { PICK_LIST_CASES } from '../testing/pick-list-cases';
import { pickList } from './list-access';

const idOf = (index: number) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
const MATCHED = '00000000-0000-4000-8000-0000000000ff';

describe('pickList, over the table of cases both forms of the rule answer (PICK_LIST_CASES)', () => {
  it.each(PICK_LIST_CASES)('$name', ({ candidates, picked }) => {
    const lists = candidates.map((c, index) => ({ id: c.idMatch ? MATCHED : idOf(index), name: 'shared name', role: c.role }));
    const reference = { id: candidates.some((c) => c.idMatch) ? MATCHED : null, name: 'shared name' };
    expect(pickList(lists, reference)).toBe(picked === null ? undefined : lists[picked]);
  });
});
