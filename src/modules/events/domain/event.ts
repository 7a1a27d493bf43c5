import type { KeyMode } from '../../../common/auth/principal';

/** The event types of API.md section 8, in the order the contract lists them. */
export const EVENT_TYPES = [
  'list.created',
  'list.renamed',
  'list.deleted',
  'item.added',
  'item.completed',
  'item.reopened',
  'item.removed',
  'item.updated',
  'item.moved',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.accepted',
  'invitation.declined',
  'invitation.revoked',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/**
 * The orders the feed reads in: `oldest` first (the contract's, following the present) and
 * `newest` first, going back in time (this service's addition, API.md "Events").
 */
export const FEED_ORDERS = ['oldest', 'newest'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

/**
 * `{id, username, name}` of whoever made the change. A type rather than an interface, as is
 * EventJson: a type's literal is assignable to a record with an index signature (the MCP tool's
 * output schema takes unknown fields), an interface is not.
 */
export type EventActor = {
  id: string;
  username: string;
  name: string;
};

/**
 * An event about to be recorded. `data` is already in the API's JSON presentation
 * (`{list}`, `{item}`, `{member}` or `{invitation}`, as the other routes show them): the
 * event is stored exactly as it will be served, so later changes cannot alter it.
 */
export interface NewEvent {
  type: EventType;
  list: { id: string; name: string };
  actor: EventActor;
  data: Record<string, unknown>;
  createdAt: Date;
  /**
   * A second list the event belongs to: the list an item.moved event's items came from
   * (API.md section 13). Whoever could see that list when the event was recorded sees the
   * event too, and a key or a feed filter that reaches that list reaches the event, while the
   * event itself stands under `list` alone.
   */
  fromListId?: string;
}

/** An event as served by the feed (API.md section 8). */
export type EventJson = {
  id: string;
  type: EventType;
  created_at: string;
  list: { id: string; name: string };
  actor: EventActor;
  data: Record<string, unknown>;
  /** False for an event of test mode (API.md, "Test mode"). */
  livemode: boolean;
};

/**
 * A place in the feed's order: the recording transaction's id, then the event's sequence
 * number. `txid` is a decimal string (PostgreSQL's xid8 is 64 bits). Positions compare as
 * (txid, seq); { txid: '0', seq: 0 } is before every event.
 */
export interface EventPosition {
  txid: string;
  seq: number;
}

export const ORIGIN: EventPosition = { txid: '0', seq: 0 };

export function comparePositions(a: EventPosition, b: EventPosition): number {
  const ta = BigInt(a.txid);
  const tb = BigInt(b.txid);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.seq - b.seq;
}

/** What every event's JSON is made of: a recorded one's (NewEvent), or one sent to a single webhook (DirectEvent). */
interface EventParts {
  type: string;
  list: { id: string; name: string } | null;
  actor: EventActor | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** The fields of an event's JSON, in the order every event is served (API.md section 8). */
export function eventFields(id: string, event: EventParts, mode: KeyMode) {
  return {
    id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    list: event.list && { id: event.list.id, name: event.list.name },
    actor: event.actor && { id: event.actor.id, username: event.actor.username, name: event.actor.name },
    data: event.data,
    livemode: mode === 'live',
  };
}

/**
 * The event JSON for `event`, under the id `id`, recorded in `mode` (`livemode`: false in test
 * mode): the mode whose schema the event is stored in, which the event log's adapter knows.
 */
export const eventJson = (id: string, event: NewEvent, mode: KeyMode): EventJson => eventFields(id, event, mode) as EventJson;
