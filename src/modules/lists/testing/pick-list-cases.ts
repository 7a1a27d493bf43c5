import type { ListRole } from '../domain/list-access';

/**
 * The rule that picks the list an action means, as a table: the candidates a store returns
 * (in BEST_MATCH_FIRST's order: the id match first, then the caller's own, then by creation)
 * and the one picked, by its index, or null. Both forms of the rule answer every case
 * (pickList in the unit suite, pickedListCte against PostgreSQL), so they cannot drift apart.
 */
export interface PickListCase {
  name: string;
  /** Each candidate's role, and whether it is the id the reference names. */
  candidates: ReadonlyArray<{ role: ListRole; idMatch: boolean }>;
  picked: number | null;
}

export const PICK_LIST_CASES: readonly PickListCase[] = [
  { name: 'no candidate', candidates: [], picked: null },
  {
    name: 'the id match, shared, among lists of its name',
    candidates: [
      { role: 'viewer', idMatch: true },
      { role: 'owner', idMatch: false },
    ],
    picked: 0,
  },
  {
    name: 'the caller’s own list of the name, before shared ones',
    candidates: [
      { role: 'owner', idMatch: false },
      { role: 'editor', idMatch: false },
    ],
    picked: 0,
  },
  { name: 'the only shared list of the name', candidates: [{ role: 'editor', idMatch: false }], picked: 0 },
  { name: 'the only shared list of the name, as a viewer', candidates: [{ role: 'viewer', idMatch: false }], picked: 0 },
  {
    name: 'two shared lists of the name',
    candidates: [
      { role: 'editor', idMatch: false },
      { role: 'viewer', idMatch: false },
    ],
    picked: null,
  },
  {
    name: 'three shared lists of the name',
    candidates: [
      { role: 'viewer', idMatch: false },
      { role: 'editor', idMatch: false },
      { role: 'editor', idMatch: false },
    ],
    picked: null,
  },
  { name: 'the id match alone', candidates: [{ role: 'editor', idMatch: true }], picked: 0 },
];
