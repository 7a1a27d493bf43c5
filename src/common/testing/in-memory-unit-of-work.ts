import { runInUnit, unitInProgress } from '../persistence/work-context';
import { UnitOfWork } from '../ports/unit-of-work';

/**
 * For in-memory adapters: serialises units of work so that one never observes
 * another's half-done state. In-memory repositories validate before they mutate,
 * so there is nothing to roll back.
 */
export class InMemoryUnitOfWork extends UnitOfWork {
  private tail: Promise<unknown> = Promise.resolve();
  /** This instance's mark on the work context: work inside one of its units joins it. */
  private readonly unit = {};

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (unitInProgress() === this.unit) return work();
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await runInUnit(this.unit, work);
    } finally {
      release();
    }
  }
}
