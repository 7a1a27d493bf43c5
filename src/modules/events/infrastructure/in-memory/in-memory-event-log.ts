import { reachesList } from '../../../../common/auth/reach';
import { comparePositions, eventJson, EventJson, EventPosition, NewEvent } from '../../domain/event';
import { EventLog, FeedRead, FeedSlice, NewestRead, NewestSlice } from '../../domain/event-log';
import { newEventId } from '../../persistence/event-id';
import { currentMode } from '../../../../common/persistence/work-context';

interface StoredEvent {
  position: EventPosition;
  event: EventJson;
  createdAt: Date;
  audience: ReadonlySet<string>;
  /** The second list of an event that belongs to two (NewEvent.fromListId). */
  fromListId: string | null;
}

/**
 * A real, working events store in memory. Nothing is ever in flight here (units of work are
 * serialised and never roll back), so "now" is simply after the newest event. `audienceOf`
 * answers who can see a list at this moment (its owner and members), as the lists tables
 * do in PostgreSQL.
 */
export class InMemoryEventLog extends EventLog {
  private readonly stored: StoredEvent[] = [];
  private watermark: EventPosition = { txid: '0', seq: 0 };
  private nextSeq = 1;
  private nextTxid = 1n;

  constructor(private readonly audienceOf: (listId: string) => readonly string[]) {
    super();
  }

  /** Every event recorded and still kept, in feed order (for specs). */
  all(): EventJson[] {
    return this.stored.map((entry) => entry.event);
  }

  async record(events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const txid = (this.nextTxid++).toString();
    for (const event of events) {
      this.stored.push({
        position: { txid, seq: this.nextSeq++ },
        event: structuredClone(eventJson(newEventId(), event, currentMode())),
        createdAt: event.createdAt,
        audience: new Set([...this.audienceOf(event.list.id), ...(event.fromListId ? this.audienceOf(event.fromListId) : [])]),
        fromListId: event.fromListId ?? null,
      });
    }
  }

  async read(request: FeedRead): Promise<FeedSlice> {
    const after = request.after ?? { txid: '0', seq: 0 };
    const shown = this.shownTo(request);
    const matching = this.stored.filter((entry) => comparePositions(entry.position, after) > 0 && shown(entry));
    const events = matching.slice(0, request.limit).map(served);
    const reachedTo = events.length === request.limit ? events[events.length - 1].position : await this.present();
    return { events, reachedTo, expired: request.after !== null && comparePositions(after, this.watermark) < 0 };
  }

  async readNewest(request: NewestRead): Promise<NewestSlice> {
    const shown = this.shownTo(request);
    const before = request.before;
    const matching = this.stored.filter((entry) => (before === null || comparePositions(entry.position, before) < 0) && shown(entry));
    return { events: matching.reverse().slice(0, request.limit).map(served) };
  }

  /** Whether a stored event is in the viewer's feed under the read's filters. */
  private shownTo(request: FeedRead | NewestRead): (entry: StoredEvent) => boolean {
    const types = request.types && new Set<string>(request.types);
    return (entry) =>
      entry.audience.has(request.viewer.userId) &&
      (reachesList(request.viewer, entry.event.list.id) || (entry.fromListId !== null && reachesList(request.viewer, entry.fromListId))) &&
      (request.listId === undefined || entry.event.list.id === request.listId || entry.fromListId === request.listId) &&
      (!types || types.has(entry.event.type));
  }

  async present(): Promise<EventPosition> {
    return { txid: this.nextTxid.toString(), seq: 0 };
  }

  async purgeCreatedBefore(before: Date, batch: number): Promise<number> {
    const doomed = this.stored.filter((entry) => entry.createdAt.getTime() < before.getTime()).slice(0, batch);
    if (doomed.length === 0) return 0;
    const gone = new Set(doomed);
    const remaining = this.stored.filter((entry) => !gone.has(entry));
    this.stored.splice(0, this.stored.length, ...remaining);
    const top = doomed[doomed.length - 1].position;
    if (comparePositions(top, this.watermark) > 0) this.watermark = top;
    return doomed.length;
  }
}

/** A stored event as a read hands it out: a copy, so the caller cannot change what is kept. */
const served = (entry: StoredEvent) => ({ position: entry.position, event: structuredClone(entry.event) });
