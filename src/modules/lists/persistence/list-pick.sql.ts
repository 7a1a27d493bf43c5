/**
 * The rule that picks the list an action means (API.md section 6, "Actions"), in SQL, for a
 * statement that picks and writes in one round trip (the items module's add, ADR 0011). Its
 * other form is pickList (lists/domain/list-access.ts), which the services and the in-memory
 * stores apply; both are the lists module's, and one table of cases holds them to the same
 * answers (lists/testing/pick-list-cases.ts: list-access.spec.ts runs it over pickList,
 * test/list-pick.e2e-spec.ts over this SQL).
 *
 * A CTE `picked` (id, role) of the CTE `candidates` (id, role, rank: the lists the reference
 * may mean, ranked 1.. in BEST_MATCH_FIRST's order, src/common/persistence/list-visibility-sql.ts):
 * the first, when it is the id match (`idSql`, the id the reference names or null), the
 * caller's own, or the only one; else none.
 */
export const pickedListCte = (candidates: string, idSql: string): string =>
  `picked AS (
         SELECT c.id, c.role FROM ${candidates} c
          WHERE c.rank = 1 AND (c.id = ${idSql} OR c.role = 'owner' OR (SELECT count(*) FROM ${candidates}) = 1)
       )`;
