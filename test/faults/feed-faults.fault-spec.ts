import { setTimeout as pause } from 'node:timers/promises';
import { jsonRequest, signUpWithKey } from '../support/fault-client';
import { ServiceProcess, spawnReady, waitForReady } from '../support/service-process';
import { waitFor } from '../support/wait-for';
import { useOwnPostgresWithInstances } from './support/lifecycle';
import { AddAttempt, makeAttempts, newTally, printTally, reconcile, sendAdd } from './support/reconcile';

/**
 * The change feed (GET /v1/events) across a kill -9 of the instance a client follows it on and a
 * database stop and start, with writes in flight through both. The client keeps its cursor and
 * moves to the other instance when its own dies, as a client behind a load balancer would.
 * Reconciled against the writes: every stored item has its `item.added` event in what the client
 * read (no gap), in the list's order, no event id is read twice (no duplicate), and no event
 * names an item that is not stored.
 */
jest.setTimeout(120_000);

interface FeedEvent {
  id: string;
  type: string;
  data: { item?: { id: string } };
}

/** A client following one list's feed with its cursor, on whichever instance `target` names. */
class Follower {
  readonly events: FeedEvent[] = [];
  /** Answers other than 200, and connection failures, while following. */
  readonly failures: string[] = [];
  private stopped = false;
  private done?: Promise<void>;

  constructor(
    private target: () => ServiceProcess,
    private readonly key: string,
    private readonly listId: string,
  ) {}

  start(): void {
    this.done = this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }

  private async follow(): Promise<void> {
    let cursor: string | undefined;
    while (!this.stopped) {
      const query = `list_id=${this.listId}&limit=50${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`;
      let idle = true;
      try {
        const res = await jsonRequest(this.target().port, 'GET', `/v1/events?${query}`, { key: this.key });
        if (res.status === 200) {
          this.events.push(...(res.body.data.events as FeedEvent[]));
          cursor = res.body.data.next_cursor;
          idle = res.body.data.events.length === 0;
        } else {
          // Anything but a 503 (the database away) is a failure of the feed itself.
          if (res.status !== 503) throw new Error(`the feed answered ${res.status}: ${JSON.stringify(res.body)}`);
          this.failures.push(String(res.status));
        }
      } catch (error) {
        if (!/ECONNREFUSED|ECONNRESET|socket hang up/.test((error as Error).message)) throw error;
        this.failures.push((error as Error).message);
      }
      // A client's poll interval when there is nothing new (not a synchronisation).
      if (idle) await pause(20);
    }
  }
}

describe('the change feed across a kill -9 and a database stop', () => {
  const { pg, instances } = useOwnPostgresWithInstances();

  it('shows the following client every event once, in a run with no gap', async () => {
    const env = { DATABASE_URL: pg.url, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn', DB_CONNECT_TIMEOUT_S: '10' };
    // `instances` holds every process started (stopped after the spec), `first` and `second` the two serving.
    const track = (service: ServiceProcess) => instances.push(service);
    const first = await spawnReady(env, { track });
    const second = await spawnReady(env, { track });
    const base = (instance: ServiceProcess) => `http://127.0.0.1:${instance.port}`;
    const key = await signUpWithKey(base(first));
    const list = await jsonRequest(first.port, 'POST', '/v1/lists', { key, body: { name: 'feed faults' } });
    expect(list.status).toBe(200);
    const listId: string = list.body.data.list.id;

    let following = first;
    const follower = new Follower(() => following, key, listId);
    follower.start();
    const tally = newTally();
    const attempts: AddAttempt[] = [];
    const writes = (prefix: string, count: number, through: ServiceProcess[]) => {
      const batch = makeAttempts(prefix, count);
      attempts.push(...batch);
      return batch.map((attempt, n) => sendAdd(base(through[n % through.length]), key, listId, attempt));
    };

    // 1. kill -9 of the instance the client follows, with adds in flight through both.
    tally.faults.push('followed instance killed (SIGKILL)');
    await Promise.all(writes('warm', 10, [first, second]));
    await waitFor(() => follower.events.length >= 5, { what: 'the client to read its first events', timeoutMs: 15_000 });
    const inFlight = writes('kill', 30, [first, second]);
    first.child.kill('SIGKILL');
    await Promise.all(inFlight);
    await first.exited;
    following = second;

    // 2. The database stopped (fast) and started again, with adds in flight.
    tally.faults.push('database stopped (fast) and started');
    const beforeStop = writes('stop', 20, [second]);
    await pg.stopFast();
    await Promise.all(beforeStop);
    await Promise.all(writes('stopped', 5, [second]));
    await pg.start();
    await waitForReady(second.port, second, 30_000);
    await Promise.all(writes('restarted', 10, [second]));

    // Every add settles (retried with its key where unanswered); then the client catches up.
    await pg.client((db) => reconcile(base(second), key, listId, attempts, db, tally));
    printTally(tally);
    expect(tally).toMatchObject({ lost: 0, duplicated: 0, phantom: 0, errors500: 0 });
    const itemIds = await pg.client(async (db) => {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM items WHERE list_id = $1', [listId]);
      return rows.map((row) => row.id);
    });
    expect(itemIds).toHaveLength(attempts.length);
    const added = () => follower.events.filter((event) => event.type === 'item.added');
    await waitFor(() => added().length >= itemIds.length, {
      what: () => `the client to read every item.added (${added().length} of ${itemIds.length})`,
      timeoutMs: 30_000,
    });
    await follower.stop();

    const ids = follower.events.map((event) => event.id);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(follower.events[0].type).toBe('list.created');
    expect(
      added()
        .map((event) => event.data.item!.id)
        .sort(),
    ).toEqual([...itemIds].sort());
    expect(follower.events.filter((event) => event.type !== 'item.added' && event.type !== 'list.created')).toEqual([]);
    // In the list's order: the feed shows one list's changes in the order they were made.
    const listed = await jsonRequest(second.port, 'GET', `/v1/lists/${listId}/items?limit=100`, { key });
    expect(listed.status).toBe(200);
    expect(added().map((event) => event.data.item!.id)).toEqual(listed.body.data.items.map((item: { id: string }) => item.id));
    // The faults did reach the client: the killed instance, and the database away.
    expect(follower.failures.length).toBeGreaterThan(0);
    process.stdout.write(
      `[faults] feed: ${ids.length} events read once each, ${itemIds.length} items stored, ` +
        `${follower.failures.length} failed polls retried with the same cursor\n`,
    );
  });
});
