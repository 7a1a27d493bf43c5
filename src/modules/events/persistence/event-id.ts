import { randomUUID } from 'node:crypto';

/**
 * `evt_` and 122 random bits in hex: a new event id, made in Node by every writer of the
 * events outbox (the events stores, and the item statements, which record their events in
 * their own statement through events.sql.ts).
 */
export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;
