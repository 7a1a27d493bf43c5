import type { Viewer } from '../auth/principal';

/**
 * The parameters every statement that applies the viewer's visibility starts with, the one
 * place their positions are decided: `$1` the account's user id, `$2` the lists a
 * list-restricted key reaches (uuid[]), or null for every list the account can see. A
 * statement's own parameters follow, from `$3`.
 */
export const viewerParameters = (viewer: Viewer): [string, readonly string[] | null] => [viewer.userId, viewer.listIds];

/**
 * `listIdSql` is a list the viewer's key reaches ($2, viewerParameters): any list for a key
 * without list_ids, else one it names. Every read of lists and of what hangs off them (items,
 * events, webhooks) applies it, so a restricted key cannot reach past its lists through a read
 * that forgets to ask; in memory, reachesList (src/common/auth/reach.ts) is the same rule.
 */
export const reachedByKeySql = (listIdSql: string): string => `($2::uuid[] IS NULL OR ${listIdSql} = ANY($2::uuid[]))`;

/**
 * Who may see a list, in SQL: its owner (lists.owner_id; the owner is never a member row) and
 * its members (list_members, with their role), among the lists the caller's key reaches
 * (reachedByKeySql). One branch per way of seeing a list, so each uses its own index (the
 * owner's, the member's). `$1` and `$2` are the viewer (viewerParameters); `where` narrows the
 * lists (alias `l`); `tail` (ORDER BY, LIMIT) applies to each branch alone; `columns` are read
 * from `l`, and each row gets the caller's `role`.
 *
 * The lists module owns the rule and its tables; it lives here because the items module's
 * statements apply it too (the page read model, the add), in the same statement as their own
 * work, so that a page or an add is one round trip; one text for all keeps them together.
 *
 * The rule of which list a reference means has two forms, both the lists module's: pickList
 * (lists/domain/list-access.ts, over the candidates the stores return in BEST_MATCH_FIRST's
 * order) and pickedListCte (lists/persistence/list-pick.sql.ts, for the add, which decides in
 * its own statement, one round trip); one table of cases (lists/testing/pick-list-cases.ts)
 * holds them to the same answers, and describeListRepositoryContract holds the stores to the
 * same candidates and order.
 */
export const visibleListsSql = (columns: string, where: string, tail = ''): string => `
  (SELECT ${columns}, 'owner' AS role FROM lists l
    WHERE l.owner_id = $1 AND ${reachedByKeySql('l.id')} AND ${where}${tail})
  UNION ALL
  (SELECT ${columns}, m.role FROM list_members m JOIN lists l ON l.id = m.list_id
    WHERE m.user_id = $1 AND ${reachedByKeySql('l.id')} AND ${where}${tail})`;

/**
 * Whether the viewer ($1, $2) sees the list `listIdSql`: visibleListsSql's rule asked of one list
 * at a time, for statements that check the list of each row they read (GET /v1/items walks items
 * in an order of their own and keeps those of lists the caller sees). PostgreSQL answers it
 * through the list's primary key (memoized per list) and the caller's memberships, read once
 * (a hashed subplan), so its cost follows the rows read, not the number of lists the caller sees.
 */
export const seesListSql = (listIdSql: string): string =>
  `(${reachedByKeySql(listIdSql)} AND EXISTS (SELECT 1 FROM lists sl WHERE sl.id = ${listIdSql}
     AND (sl.owner_id = $1 OR sl.id IN (SELECT sm.list_id FROM list_members sm WHERE sm.user_id = $1))))`;

/**
 * The lists an action's `list` field may mean, among visibleListsSql's rows: `where` for it
 * ($3: the id it names, or null; $4: the name's foldKey), and the order to read them in, best
 * match first (alias `v`, with `created_at`): the id match, the caller's own, then by creation.
 * ListAccess's pickList reads candidates in this order; the lists module's lookup and the items
 * module's add statement both use it, so the two cannot order them differently.
 */
export const MIGHT_MEAN_WHERE = '(l.id = $3::uuid OR l.name_key = $4::text)';
export const BEST_MATCH_FIRST = "(v.id = $3::uuid) IS TRUE DESC, v.role = 'owner' DESC, v.created_at, v.id";
