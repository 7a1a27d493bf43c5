import type { Client } from './lists-client';
import { waitFor } from './wait-for';

/** One page of the feed (GET /v1/events, the get_changes tool): its events and where to go on from. */
export interface FeedPage<E> {
  events: E[];
  next_cursor: string;
}

/**
 * Follows a feed from `after` (its start when undefined) until `until` holds for all the events
 * read so far (a number: at least that many), bounded, and gives them with the cursor past them.
 *
 * The feed shows an event once every transaction on the PostgreSQL cluster that began before it
 * has ended, so a read right after an acknowledged write may lag a moment while another session
 * (another spec's, a delivery worker) has a transaction open: a spec that expects new events
 * waits for them here, then asserts exactly on `events`, which holds every event the feed showed
 * by then (one more than awaited is there to be caught).
 *
 * Each check reads pages until an empty one, going on from the last cursor: the feed never shows
 * an event behind a position it handed out, so no event is read twice or missed.
 */
export async function feedUntil<E>(
  read: (after: string | undefined) => Promise<FeedPage<E>>,
  until: number | ((events: E[]) => boolean),
  { after, what, timeoutMs = 15_000 }: { after?: string; what: string | ((events: E[]) => string); timeoutMs?: number },
): Promise<{ events: E[]; cursor: string | undefined }> {
  const events: E[] = [];
  let cursor = after;
  const done = typeof until === 'number' ? (seen: E[]) => seen.length >= until : until;
  await waitFor(
    async () => {
      for (;;) {
        const page = await read(cursor);
        events.push(...page.events);
        cursor = page.next_cursor;
        if (page.events.length === 0) return done(events);
      }
    },
    { what: () => (typeof what === 'function' ? what(events) : `${what} (${events.length} events read)`), timeoutMs },
  );
  return { events, cursor };
}

/** The path of one page of GET /v1/events after `after` (from the start when undefined), `query` (`&list_id=…`) added. */
export const feedPath = (after: string | undefined, query = ''): string =>
  `/v1/events?limit=500${query}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;

/** `feedUntil`'s read for GET /v1/events with one key, `query` (`&list_id=…`) added to each page's. */
export const eventsOf =
  <E>(c: Client, query = '') =>
  async (after: string | undefined): Promise<FeedPage<E>> =>
    (await c.get(feedPath(after, query)).expect(200)).body.data;
