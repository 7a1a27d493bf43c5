import type { Viewer } from '../../../common/auth/principal';
import type { EventJson, EventPosition, EventType, NewEvent } from './event';

/** What a read of the feed is narrowed to, in either order. */
interface FeedNarrowing {
  /** Whose feed: the account's events, and for a list-restricted key only those of its lists. */
  viewer: Viewer;
  limit: number;
  listId?: string;
  types?: readonly EventType[];
}

export interface FeedRead extends FeedNarrowing {
  /** Only events strictly after this position; null: from the oldest retained event (never expired). */
  after: EventPosition | null;
}

export interface FeedSlice {
  /** The events the user may see after `after`, oldest first, at most `limit`. */
  events: Array<{ position: EventPosition; event: EventJson }>;
  /**
   * The position up to which the store has looked for this read: every event this user
   * could ever see between `after` and it is in `events`.
   */
  reachedTo: EventPosition;
  /** True when events after `after` may have been deleted by retention (the cursor expired). */
  expired: boolean;
}

export interface NewestRead extends FeedNarrowing {
  /** Only events strictly before this position; null: from the newest event the feed shows. */
  before: EventPosition | null;
}

export interface NewestSlice {
  /** The events the user may see before `before`, newest first, at most `limit`. */
  events: Array<{ position: EventPosition; event: EventJson }>;
}

/**
 * Port: the events outbox. `record` is called inside the unit of work of the change it
 * describes, so the event commits or rolls back with it. Who sees an event is decided when
 * it is recorded: the list's owner and members at that moment (so record list.deleted and
 * member.removed before the list or the membership goes, and member.joined after).
 */
export abstract class EventLog {
  abstract record(events: readonly NewEvent[]): Promise<void>;

  /** A page of the user's events in feed order; never one that a later commit could precede. */
  abstract read(request: FeedRead): Promise<FeedSlice>;

  /**
   * A page of the user's events newest first, going back in time: the events `read` shows now,
   * none that a later commit could precede, so every event before the page's first one is
   * already there and paging back with `before` misses none and repeats none. Events deleted
   * by retention simply end the walk.
   */
  abstract readNewest(request: NewestRead): Promise<NewestSlice>;

  /** The position of "now": every event committed from here on comes after it. */
  abstract present(): Promise<EventPosition>;

  /**
   * Deletes events created before `before`, oldest position first, a bounded batch at a time
   * (`batch` of the store's records: PostgreSQL keeps an item statement's events as one), and
   * moves the purge watermark past them. Returns how many events it deleted. Safe to run on
   * several instances at once.
   */
  abstract purgeCreatedBefore(before: Date, batch: number): Promise<number>;
}
