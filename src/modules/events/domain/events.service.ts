import type { Viewer } from '../../../common/auth/principal';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { CursorCodec, cursorField } from '../../../common/ports/cursor-codec';
import type { Clock } from '../../../common/ports/clock';
import { isUuid } from '../../../common/ports/id-generator';
import { InvalidInput } from '../../../common/errors/domain-error';
import { comparePositions, EventJson, EventPosition, EventType, type FeedOrder, isEventType, ORIGIN } from './event';
import type { EventLog } from './event-log';
import { CursorExpired, CursorOfAnotherOrder, InvalidListFilter, NowInNewestOrder, UnknownEventType } from './events.errors';

export interface FeedQuery {
  /** `oldest` (absent): oldest first, following the present; `newest`: newest first, going back in time. */
  order?: FeedOrder;
  /**
   * A next_cursor of the same order, or `now` (oldest first only); absent: from the oldest
   * retained event, or newest first from the newest one.
   */
  after?: string;
  limit?: number;
  listId?: string;
  /** Comma list of event types. */
  types?: string;
}

export interface FeedPage {
  events: EventJson[];
  /**
   * Never null: pass it back as `after` (with the same order) to get what follows: newer events
   * oldest first, older ones newest first. An empty page says there is nothing further yet
   * (oldest first) or at all (newest first).
   */
  nextCursor: string;
}

/** Days events are kept (EVENT_RETENTION_DAYS), and how many the janitor deletes per statement. */
export interface EventRetention {
  days: number;
  batch: number;
}

const CURSOR = { t: cursorField.digits, s: cursorField.count };
/** Each order's cursors are of a kind of their own, so a cursor cannot be read in the other order. */
const CURSOR_KINDS: Record<FeedOrder, string> = { oldest: 'events', newest: 'events-newest' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The change feed (GET /v1/events) and its retention. */
export class EventsService {
  constructor(
    private readonly log: EventLog,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
    private readonly retention: EventRetention,
  ) {}

  async feed(viewer: Viewer, query: FeedQuery): Promise<FeedPage> {
    const types = query.types === undefined ? undefined : parseTypes(query.types);
    if (query.listId !== undefined && !isUuid(query.listId)) throw new InvalidListFilter();
    if (query.order === 'newest') return this.newest(viewer, query, types);
    if (query.after === 'now') return { events: [], nextCursor: this.encode('oldest', await this.log.present()) };
    const after = query.after === undefined ? null : this.decode('oldest', query.after);
    const slice = await this.log.read({ viewer, after, limit: query.limit ?? PAGE_LIMIT.default, listId: query.listId, types });
    if (slice.expired) throw new CursorExpired();
    const last = slice.events.at(-1)?.position ?? after ?? ORIGIN;
    const next = comparePositions(slice.reachedTo, last) > 0 ? slice.reachedTo : last;
    return { events: slice.events.map((entry) => entry.event), nextCursor: this.encode('oldest', next) };
  }

  /**
   * Newest first: the cursor stands at the page's oldest event, and the next page holds what
   * came before it. An empty page keeps the cursor it was given (origin when there is none),
   * so reading on from it stays empty.
   */
  private async newest(viewer: Viewer, query: FeedQuery, types: EventType[] | undefined): Promise<FeedPage> {
    if (query.after === 'now') throw new NowInNewestOrder();
    const before = query.after === undefined ? null : this.decode('newest', query.after);
    const slice = await this.log.readNewest({ viewer, before, limit: query.limit ?? PAGE_LIMIT.default, listId: query.listId, types });
    const last = slice.events.at(-1)?.position ?? before ?? ORIGIN;
    return { events: slice.events.map((entry) => entry.event), nextCursor: this.encode('newest', last) };
  }

  /** One bounded batch of the retention janitor: events older than the retention go. */
  purgeExpired(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.retention.days * DAY_MS);
    return this.log.purgeCreatedBefore(before, this.retention.batch);
  }

  private encode(order: FeedOrder, position: EventPosition): string {
    return this.cursors.encode(CURSOR_KINDS[order], { t: position.txid, s: position.seq });
  }

  /** A cursor of `order`; one the other order issued is refused as such, anything else as an invalid cursor. */
  private decode(order: FeedOrder, raw: string): EventPosition {
    try {
      const { t, s } = this.cursors.decode(CURSOR_KINDS[order], raw, CURSOR);
      return { txid: BigInt(t).toString(), seq: s };
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      const other: FeedOrder = order === 'oldest' ? 'newest' : 'oldest';
      try {
        this.cursors.decode(CURSOR_KINDS[other], raw, CURSOR);
      } catch {
        throw error;
      }
      throw new CursorOfAnotherOrder(other);
    }
  }
}

function parseTypes(raw: string): EventType[] {
  const types = raw.split(',').map((part) => part.trim());
  for (const type of types) if (!isEventType(type)) throw new UnknownEventType(type);
  return [...new Set(types as EventType[])];
}
