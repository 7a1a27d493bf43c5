import { randomUUID } from 'node:crypto';

/** `evt_` and 122 random bits in hex, the same form as the ids the item statements make in SQL. */
export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;
