import { IdGenerator } from '../ports/id-generator';

/** Deterministic, still UUID-shaped ids for tests: 00000000-0000-4000-8000-000000000001, … */
export class SequentialIdGenerator extends IdGenerator {
  private counter = 0;

  next(): string {
    this.counter += 1;
    return `00000000-0000-4000-8000-${this.counter.toString(16).padStart(12, '0')}`;
  }
}
