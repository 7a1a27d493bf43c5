import { randomUUID } from 'node:crypto';

/** Source of new identifiers (UUIDs in production, predictable ones in tests). */
export abstract class IdGenerator {
  abstract next(): string;
}

export class UuidGenerator extends IdGenerator {
  next(): string {
    return randomUUID();
  }
}

/** Deterministic, still UUID-shaped ids for tests: 00000000-0000-4000-8000-000000000001, … */
export class SequentialIdGenerator extends IdGenerator {
  private counter = 0;

  next(): string {
    this.counter += 1;
    return `00000000-0000-4000-8000-${this.counter.toString(16).padStart(12, '0')}`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from paths as arbitrary text; anything that is not a UUID cannot name a row. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
