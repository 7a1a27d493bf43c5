import type { KeyMode } from '../../../common/auth/principal';
import { type EventActor, eventFields } from './event';

/**
 * An event delivered to one webhook alone and never recorded in the outbox, so never in the feed
 * (`webhook.test`): it names no list, and no actor once the account is gone.
 */
export interface DirectEvent {
  type: string;
  actor: EventActor | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Port: the JSON of a DirectEvent as a webhook receives it, in the form of every event (eventJson:
 * the same fields in the same order, `list` null): an id from the events module's one generator,
 * `livemode` from the mode the event belongs to.
 */
export abstract class EventWriter {
  abstract write(event: DirectEvent, mode: KeyMode): { id: string; json: string };
}

/** The event JSON of `event` under `id`: every event's fields, in their order, with no list. */
export const directEventJson = (id: string, event: DirectEvent, mode: KeyMode) => eventFields(id, { ...event, list: null }, mode);
