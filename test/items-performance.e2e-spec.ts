import type { Viewer } from '../src/common/auth/principal';
import { accountViewer } from '../src/common/auth/reach';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { pageStatement } from '../src/modules/items/infrastructure/typeorm/typeorm-item-page.read-model';
import { PLAIN_FILTERS, type SortKey } from '../src/modules/items/domain/item-view';
import { plainRequest } from '../src/modules/items/testing/plain-request';
import { MailWorker } from '../src/modules/mail/infrastructure/mail-worker';
import { DeliveryWorker } from '../src/modules/webhooks/infrastructure/delivery/delivery-worker';
import { itemsWorld, ListRef, Person } from './support/items-world';
import { statementsOf as recordStatements, type Statement } from './support/statement-recorder';
import { NO_RATE_LIMIT, startTestApp, TestApp } from './support/test-app';

/**
 * The cost of the hot item paths, proven by what the app sends to PostgreSQL rather than
 * by timings: statements per request (counted through the DataSource's query logger),
 * the single multi-row INSERT of an add, and the plan of a page on a 10,000-item list.
 */
describe('items: round trips and query plans (e2e)', () => {
  let t: TestApp;
  let w: ReturnType<typeof itemsWorld>;
  let ds: DataSource;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMIT);
    // The webhook delivery worker's rounds run on the same DataSource, and one falling inside a
    // request's window would be counted as the route's: it polls every second, one round starts
    // with the app and claims any delivery due in the shared test database (other suites leave
    // some, to receivers long gone), and every item write's events wake another (its
    // UPDATE webhooks … would then appear among an add's statements). Not under test here, so it is stopped, and its round in
    // flight waited for. The mail worker likewise: every person the tests sign up queues a
    // verification mail, whose claim (WITH leased AS …) could fall inside a page's window.
    await t.app.get(DeliveryWorker).onModuleDestroy();
    await t.app.get(MailWorker).onModuleDestroy();
    w = itemsWorld(t);
    ds = w.dataSource();
  });
  afterAll(() => t.close());

  /**
   * Every statement the app sends while `work` runs (statement-recorder.ts). Authentication
   * (the key lookup, last_used_at) is left out: the budget is "beyond authentication"; so is the
   * request log's flush, a background write of the lines buffered in the last second, whichever
   * request it happens to run beside.
   */
  async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
    return (await recordStatements(ds, work)).filter((statement) => !/\b(?:api_keys|request_logs)\b/.test(statement.sql));
  }

  /** Makes sure the caller's key is authenticated and cached, so the counts below are the route's own. */
  const warm = (who: Person) => w.as(who).get('/v1/me').expect(200);

  it('adds 100 items with one multi-row INSERT: one statement beyond authentication (the list by name, the role, the limit and the insert together)', async () => {
    const owner = await w.person();
    const list = await w.newList(owner, 'Bulk');
    await warm(owner);
    const texts = Array.from({ length: 100 }, (_, i) => `bulk ${i}`);
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await w.as(owner).post('/v1/actions/add', { list: 'bulk', items: texts })).status;
    });
    expect(status).toBe(200);
    expect(statements).toHaveLength(1);
    expect(statements[0].sql).toMatch(/list_members[\s\S]*UPDATE lists[\s\S]*INSERT INTO items/);
    const inserts = statements.filter((s) => /INSERT INTO items/i.test(s.sql));
    expect(inserts).toHaveLength(1);
    // The texts travel as one array parameter of the one statement, not one statement each.
    expect(inserts[0].parameters.find((p) => Array.isArray(p) && p.includes('bulk 0'))).toEqual(texts);
    expect(statements.filter((s) => /\bitems\b/i.test(s.sql))).toEqual(inserts);
    expect((await w.counters(list)).item_count).toBe(100);
  });

  it('adds by list id in one statement that reads that list alone; an id no list of the caller has is then tried as a name, in a second', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    // A list whose name has the form of an id that no list has.
    const named = await w.newList(owner, randomUUID());
    await warm(owner);
    const byId = await statementsOf(() =>
      w
        .as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['by id'] })
        .expect(200),
    );
    // The statement for any reference ranks candidates (row_number); the one by id has none to rank.
    expect(byId.map((s) => /row_number\(\)/.test(s.sql))).toEqual([false]);
    const byName = await statementsOf(() =>
      w
        .as(owner)
        .post('/v1/actions/add', { list: named.name, items: ['by name'] })
        .expect(200),
    );
    expect(byName.map((s) => /row_number\(\)/.test(s.sql))).toEqual([false, true]);
    expect((await w.counters(list)).item_count).toBe(1);
    expect((await w.counters(named)).item_count).toBe(1);
  });

  it('reads a page in one statement beyond authentication (visibility and page together), whatever the list size or the page', async () => {
    const owner = await w.person();
    const small = await w.newList(owner);
    const large = await w.newList(owner);
    await w.add(
      owner,
      small,
      Array.from({ length: 100 }, (_, i) => `s${i}`),
    );
    await w.fillDirectly(large, owner.id, 10_000);
    await warm(owner);
    for (const path of [
      `/v1/lists/${small.id}/items`,
      `/v1/lists/${large.id}/items`,
      `/v1/lists/${large.id}/items?status=open&limit=500`,
    ]) {
      let body: { data: { next_cursor: string | null } } | undefined;
      const statements = await statementsOf(async () => {
        body = (await w.as(owner).get(path).expect(200)).body;
      });
      // The statements' first words, so that a failure names the statement that came beside the page.
      expect({ path, statements: statements.map((s) => s.sql.replace(/\s+/g, ' ').trim().slice(0, 80)) }).toEqual({
        path,
        statements: [expect.stringMatching(/^WITH/)],
      });
      expect(statements[0].sql).toMatch(/list_members[\s\S]*items_position_page\(/);
      if (body?.data.next_cursor) {
        const next = await statementsOf(() =>
          w
            .as(owner)
            .get(`${path}${path.includes('?') ? '&' : '?'}cursor=${body!.data.next_cursor}`)
            .expect(200),
        );
        expect(next).toHaveLength(1);
      }
    }
  });

  it("answers a page already rendered at the list's version, or a matching If-None-Match, with one statement that reads no item", async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    await w.add(owner, list, ['one', 'two']);
    await warm(owner);
    const path = `/v1/lists/${list.id}/items`;
    const first = await statementsOf(() => w.as(owner).get(path).expect(200));
    expect(first.map((s) => s.sql)).toEqual([expect.stringMatching(/items_position_page\(/)]);
    let etag = '';
    const again = await statementsOf(async () => {
      etag = (await w.as(owner).get(path).expect(200)).headers.etag;
    });
    const notModified = await statementsOf(() => w.as(owner).get(path).set('If-None-Match', etag).expect(304));
    for (const statements of [again, notModified]) {
      expect(statements).toHaveLength(1);
      expect(statements[0].sql).not.toMatch(/\bitems\b/);
    }
    // Changed since: the version, then the page, rendered afresh.
    await w.add(owner, list, ['three']);
    let texts: string[] = [];
    const changed = await statementsOf(async () => {
      texts = (await w.as(owner).get(path).expect(200)).body.data.items.map((item: { text: string }) => item.text);
    });
    expect(changed.map((s) => /items_position_page\(/.test(s.sql))).toEqual([false, true]);
    expect(texts).toEqual(['one', 'two', 'three']);
  });

  it('completes 1 or 100 entries with the same number of statements (set-based, not per entry)', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    await w.add(
      owner,
      list,
      Array.from({ length: 100 }, (_, i) => `c${i}`),
    );
    await w.add(owner, list, ['single']);
    await warm(owner);
    const one = await statementsOf(() =>
      w
        .as(owner)
        .post('/v1/actions/complete', { list: list.id, items: ['single'] })
        .expect(200),
    );
    const hundred = await statementsOf(() =>
      w
        .as(owner)
        .post('/v1/actions/complete', { list: list.id, items: Array.from({ length: 100 }, (_, i) => `C${i}`) })
        .expect(200),
    );
    expect(hundred.length).toBe(one.length);
    expect(hundred.filter((s) => /UPDATE items/i.test(s.sql))).toHaveLength(1);
    expect((await w.counters(list)).open_item_count).toBe(0);
  });

  describe('the plan of a page', () => {
    let owner: Person;
    let small: ListRef;
    let large: ListRef;

    beforeAll(async () => {
      owner = await w.person();
      small = await w.newList(owner);
      large = await w.newList(owner);
      await w.fillDirectly(small, owner.id, 100);
      await w.fillDirectly(large, owner.id, 10_000);
      await ds.query('ANALYZE items');
    });

    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      'Actual Rows': number;
      'Actual Loops': number;
      'Rows Removed by Filter'?: number;
      Plans?: PlanNode[];
    }
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

    /**
     * How PostgreSQL really runs the repository's page statement (the list's visibility and
     * items_position_page() together, as the owner asks for it): auto_explain reports
     * the executed plan of every statement, nested ones included, as notices to this
     * connection. `withoutStatistics` hides the planner's statistics of `items` for the
     * duration (a fresh or freshly bulk-filled table), inside a transaction rolled back after.
     */
    async function executedPlan(
      list: ListRef,
      request: Parameters<typeof pageStatement>[2],
      withoutStatistics = false,
      viewer: Viewer = accountViewer(owner.id),
    ) {
      const { statement, parameters } = pageStatement(viewer, list.id, request);
      const sql = statement.text;
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const notices: string[] = [];
      client.on('notice', (notice) => notices.push(notice.message ?? ''));
      try {
        await client.query('BEGIN');
        if (withoutStatistics) await client.query(`DELETE FROM pg_statistic WHERE starelid = 'items'::regclass`);
        // Once unobserved, so that compiling and planning for the first time is not counted.
        await client.query(sql, parameters);
        await client.query(`LOAD 'auto_explain'`);
        for (const setting of [
          'auto_explain.log_min_duration = 0',
          'auto_explain.log_nested_statements = on',
          'auto_explain.log_analyze = on',
          'auto_explain.log_timing = off',
          "auto_explain.log_format = 'json'",
          "auto_explain.log_level = 'notice'",
        ]) {
          await client.query(`SET LOCAL ${setting}`);
        }
        const { rows } = await client.query(sql, parameters);
        // One row: the list, with its page rendered.
        expect(rows).toHaveLength(1);
      } finally {
        await client.query('ROLLBACK');
        await client.end();
      }
      const steps = notices
        .filter((notice) => notice.includes('plan:'))
        .flatMap((notice) => nodes((JSON.parse(notice.slice(notice.indexOf('{'))) as { Plan: PlanNode }).Plan));
      // Scans of items that ran (a part of a plan whose condition said no never starts).
      const scans = steps.filter((step) => step['Relation Name'] === 'items' && step['Actual Loops'] > 0);
      return {
        // Sorts of rows read from items (a sort above a scan of the table: the whole list read to
        // answer a page). The sort of items_page()'s at most limit + 1 rows into the rendered
        // array's order reads nothing more, and is not counted.
        sorts: steps.filter((step) => step['Node Type'] === 'Sort' && nodes(step).some((n) => n['Relation Name'] === 'items')).length,
        scans: scans.map((step) => `${step['Node Type']} ${step['Index Name'] ?? ''}`.trim()),
        // Index entries the scans walked: what they returned plus what their filters threw away.
        examined: scans.reduce((sum, step) => sum + step['Actual Rows'] + (step['Rows Removed by Filter'] ?? 0), 0),
      };
    }

    /** The keyset place (position, seq) of the item at `offset` in the list's order, or of its status's items. */
    const keyAt = async (list: ListRef, offset: number, completed?: boolean): Promise<SortKey> => {
      const [row] = await ds.query(
        `SELECT position, seq FROM items WHERE list_id = $1 AND ($3::boolean IS NULL OR completed = $3) ORDER BY position, seq OFFSET $2 LIMIT 1`,
        [list.id, offset, completed ?? null],
      );
      return [row.position, Number(row.seq)];
    };

    it('walks (list_id, position, seq) in order and stops after limit + 1 entries, on page 1, 51 or 100 of 10,000 items, or a list of 100', async () => {
      const cases: Array<[ListRef, SortKey | undefined]> = [
        [large, undefined],
        [large, await keyAt(large, 5_000)],
        [large, await keyAt(large, 9_950)],
        [small, undefined],
      ];
      for (const withoutStatistics of [false, true]) {
        for (const [list, afterSeq] of cases) {
          // A key restricted to some lists reads the same way: its lists are one more condition on the list's row.
          for (const restricted of [false, true]) {
            const viewer = restricted ? { userId: owner.id, listIds: [small.id, large.id] } : accountViewer(owner.id);
            const page = await executedPlan(list, plainRequest('all', 100, afterSeq), withoutStatistics, viewer);
            expect({ withoutStatistics, afterSeq, restricted, ...page, examined: page.examined <= 101 }).toEqual({
              withoutStatistics,
              afterSeq,
              restricted,
              sorts: 0,
              scans: ['Index Scan items_list_position_idx'],
              examined: true,
            });
          }
        }
      }
    });

    it('with a status, reads limit + 1 entries of (list_id, completed, position, seq) even when almost every item has the other status', async () => {
      // 99 of every 100 items completed: an open page must not wade through the completed ones.
      await ds.query(
        `UPDATE items SET completed = true, completed_at = now(), completed_by = created_by
          WHERE list_id = $1 AND seq % 100 <> 0`,
        [large.id],
      );
      // Statistics are per table, not per list: with other lists' open items outnumbering
      // this list's, the planner believes "open" is common everywhere, the situation in
      // which a plain `completed = $x ORDER BY seq` can walk (list_id, seq) instead.
      const others = [await w.newList(owner), await w.newList(owner)];
      for (const other of others) await w.fillDirectly(other, owner.id, 10_000);
      await ds.query('ANALYZE items');
      for (const withoutStatistics of [false, true]) {
        for (const status of ['open', 'completed'] as const) {
          for (const afterSeq of [undefined, await keyAt(large, 40, status === 'completed')]) {
            const page = await executedPlan(large, plainRequest(status, 20, afterSeq), withoutStatistics);
            expect({ withoutStatistics, status, afterSeq, ...page }).toEqual({
              withoutStatistics,
              status,
              afterSeq,
              sorts: 0,
              scans: ['Index Scan items_list_status_position_idx'],
              examined: 21,
            });
          }
        }
      }
    });

    it('in due order, reads the dated items through items_list_dated_due_idx, and the undated ones, only once the dated ones leave room on the page, through items_list_position_idx', async () => {
      // Every other item of the 10,000 dated (50 dates), the others undated, interleaved in position order.
      await ds.query(`UPDATE items SET due_date = DATE '2026-03-01' + (seq % 50)::integer WHERE list_id = $1 AND seq % 2 = 0`, [large.id]);
      await ds.query('ANALYZE items');
      const dueRequest = (after?: SortKey) => ({
        view: { filters: PLAIN_FILTERS, sort: 'due' as const },
        limit: 100,
        ...(after === undefined ? {} : { after }),
      });
      /** The due order's key of the item at `offset` (all-day dues: their instant is -infinity). */
      const dueKeyAt = async (offset: number): Promise<SortKey> => {
        const [row] = await ds.query(
          `SELECT COALESCE(to_char(due_date, 'YYYY-MM-DD'), 'infinity') AS date, position, seq FROM items WHERE list_id = $1
            ORDER BY COALESCE(due_date, 'infinity'::date), position, seq OFFSET $2 LIMIT 1`,
          [large.id, offset],
        );
        return [row.date, '-infinity', row.position, Number(row.seq)];
      };
      const dated = 'Index Scan items_list_dated_due_idx';
      const undated = 'Index Scan items_list_position_idx';
      const cases: Array<[string, SortKey | undefined, string[], number]> = [
        // The dated fill the page: the undated part never starts.
        ['first page', undefined, [dated], 101],
        // 49 dated items left, then the undated ones, one of every two entries of the position index.
        ['across the two parts', await dueKeyAt(4_950), [dated, undated], 49 + 2 * 52],
        // A cursor at an undated item: the dated part is not read.
        ['among the undated', await dueKeyAt(7_000), [undated], 2 * 101 + 1],
      ];
      for (const withoutStatistics of [false, true]) {
        for (const [where, after, scans, most] of cases) {
          const page = await executedPlan(large, dueRequest(after), withoutStatistics);
          expect({ withoutStatistics, where, scans: page.scans, examined: page.examined <= most }).toEqual({
            withoutStatistics,
            where,
            scans,
            examined: true,
          });
        }
      }
    });
  });
});
