/** What one relay step did. */
export interface RelayStep {
  /** Events read from the outbox (at most the limit asked; fewer means it is caught up). */
  events: number;
  /** Deliveries queued for them. */
  deliveries: number;
}

/**
 * Port: turns recorded events into webhook deliveries (API.md section 8). Reads the events
 * outbox in its order, after the position it last reached, and queues one pending delivery
 * per event and per active webhook whose owner could see the event's list when it was
 * recorded, whose `types` and `list_id` filters match, and which existed when the event was
 * recorded. The deliveries and the new position are written together, so an event is fanned
 * out exactly once even when instances run the relay at the same time.
 */
export abstract class EventRelay {
  abstract relay(now: Date, limit: number): Promise<RelayStep>;
  /**
   * When the next event the relay has still to pass was recorded: the first event after its
   * position, in the outbox's order, whether it waits for the relay's next step or for older
   * transactions to end (the relay reads only below the snapshot's xmin); null when there is none.
   */
  abstract nextWaitingSince(): Promise<Date | null>;
}
