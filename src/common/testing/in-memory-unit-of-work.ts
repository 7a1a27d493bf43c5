import { AsyncLocalStorage } from 'node:async_hooks';
import { UnitOfWork } from '../ports/unit-of-work';

/**
 * For in-memory adapters: serialises units of work so that one never observes
 * another's half-done state. In-memory repositories validate before they mutate,
 * so there is nothing to roll back.
 */
export class InMemoryUnitOfWork extends UnitOfWork {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly inside = new AsyncLocalStorage<true>();

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return work();
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await this.inside.run(true, work);
    } finally {
      release();
    }
  }
}
