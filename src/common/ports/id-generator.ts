/** Source of new identifiers (UUIDs in production, predictable ones in tests). */
export abstract class IdGenerator {
  abstract next(): string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from paths as arbitrary text; anything that is not a UUID cannot name a row. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
