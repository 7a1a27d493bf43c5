/** Told the name of the throttler that refused a request. */
export type RefusalListener = (throttler: string) => void;

/**
 * The refusals of the throttlers counted in the service's rolling windows (`default`, `portal`,
 * `unauthenticated`, and the named throttlers of routes with limits of their own), announced one
 * by one to whoever listens: the metrics, when they are on. Nothing is counted or kept here, so
 * with no listener a refusal costs one comparison.
 */
export class ThrottlerRefusals {
  private listeners: readonly RefusalListener[] = [];

  /** Hears every refusal from now on; returns the way to stop. */
  listen(listener: RefusalListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((other) => other !== listener);
    };
  }

  refused(throttler: string): void {
    for (const listener of this.listeners) listener(throttler);
  }
}
