import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { pickedListCte } from '../src/modules/lists/persistence/list-pick.sql';
import { PICK_LIST_CASES } from '../src/modules/lists/testing/pick-list-cases';
import { startTestApp, TestApp } from './support/test-app';

// The SQL form of the rule that picks a list, over the same table of cases pickList answers (src/modules/lists/domain/list-access.spec.ts).
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('pickedListCte, over the table of cases both forms of the rule answer (PICK_LIST_CASES)', () => {
  it.each(PICK_LIST_CASES)('$name', async ({ candidates, picked }) => {
    const ids = candidates.map(() => randomUUID());
    const matched = candidates.findIndex((c) => c.idMatch);
    const rows = await t.app.get(DataSource).query<Array<{ id: string }>>(
      `WITH candidates AS (
         SELECT c.id, c.role, c.rank::integer AS rank
           FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS c(id, role, rank)
       ),
       ${pickedListCte('candidates', '$1::uuid')}
       SELECT id FROM picked`,
      [matched === -1 ? null : ids[matched], ids, candidates.map((c) => c.role)],
    );
    expect(rows.map((row) => row.id)).toEqual(picked === null ? [] : [ids[picked]]);
  });
});
