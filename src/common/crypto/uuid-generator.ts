import { randomUUID } from 'node:crypto';
import { IdGenerator } from '../ports/id-generator';

/** Version 4 UUIDs from node:crypto. */
export class UuidGenerator extends IdGenerator {
  next(): string {
    return randomUUID();
  }
}
