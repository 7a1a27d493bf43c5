import type { Viewer } from '../../../common/auth/principal';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { CursorCodec, cursorField } from '../../../common/ports/cursor-codec';
import type { Clock } from '../../../common/ports/clock';
import { isUuid } from '../../../common/ports/id-generator';
import { comparePositions, EventJson, EventPosition, EventType, isEventType, ORIGIN } from './event';
import type { EventLog } from './event-log';
import { CursorExpired, InvalidListFilter, UnknownEventType } from './events.errors';

export interface FeedQuery {
  /** A next_cursor, or `now`; absent: from the oldest retained event. */
  after?: string;
  limit?: number;
  listId?: string;
  /** Comma list of event types. */
  types?: string;
}

export interface FeedPage {
  events: EventJson[];
  /** Never null: pass it back as `after` to get what follows. */
  nextCursor: string;
}

/** Days events are kept (EVENT_RETENTION_DAYS), and how many the janitor deletes per statement. */
export interface EventRetention {
  days: number;
  batch: number;
}

const CURSOR = { t: cursorField.digits, s: cursorField.count };
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
    if (query.after === 'now') return { events: [], nextCursor: this.encode(await this.log.present()) };
    const after = query.after === undefined ? null : this.decode(query.after);
    const slice = await this.log.read({ viewer, after, limit: query.limit ?? PAGE_LIMIT.default, listId: query.listId, types });
    if (slice.expired) throw new CursorExpired();
    const last = slice.events.at(-1)?.position ?? after ?? ORIGIN;
    const next = comparePositions(slice.reachedTo, last) > 0 ? slice.reachedTo : last;
    return { events: slice.events.map((entry) => entry.event), nextCursor: this.encode(next) };
  }

  /** One bounded batch of the retention janitor: events older than the retention go. */
  purgeExpired(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.retention.days * DAY_MS);
    return this.log.purgeCreatedBefore(before, this.retention.batch);
  }

  private encode(position: EventPosition): string {
    return this.cursors.encode('events', { t: position.txid, s: position.seq });
  }

  private decode(raw: string): EventPosition {
    const { t, s } = this.cursors.decode('events', raw, CURSOR);
    return { txid: BigInt(t).toString(), seq: s };
  }
}

function parseTypes(raw: string): EventType[] {
  const types = raw.split(',').map((part) => part.trim());
  for (const type of types) if (!isEventType(type)) throw new UnknownEventType(type);
  return [...new Set(types as EventType[])];
}
