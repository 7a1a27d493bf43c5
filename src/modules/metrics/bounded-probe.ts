/** What a probe reports when a read fails or outlasts its bound, and when reads work again. */
export interface ProbeLog {
  warn(message: string): void;
  log(message: string): void;
}

/**
 * A read for the metrics, made at scrape time and bounded: a database that stalls must not hang
 * the scrape (Prometheus would time it out and lose every series, the process's own included).
 *
 * - `read()` answers the value, or undefined when the read failed or did not answer within
 *   `timeoutMs`; the scrape then shows no value for it.
 * - One read at a time: callers that arrive while one runs (the several gauges of one scrape,
 *   or the next scrape while a stalled read still waits) share it, so a stalled database holds
 *   at most one pooled connection per probe, never one per scrape.
 * - A failure is logged when it starts and when reads work again, not at every scrape.
 */
export class BoundedProbe<T> {
  private running?: Promise<T>;
  private failing = false;

  constructor(
    private readonly what: string,
    private readonly query: () => Promise<T>,
    private readonly timeoutMs: number,
    private readonly log: ProbeLog,
  ) {}

  async read(): Promise<T | undefined> {
    this.running ??= this.query().finally(() => {
      this.running = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), this.timeoutMs);
      timer.unref();
    });
    try {
      const outcome = await Promise.race([this.running.then((value) => ({ value })), expired]);
      if (outcome === 'expired') return this.failed(`did not answer within ${this.timeoutMs} ms`);
      if (this.failing) {
        this.failing = false;
        this.log.log(`${this.what} answers again`);
      }
      return outcome.value;
    } catch (error) {
      return this.failed(`failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private failed(why: string): undefined {
    if (!this.failing) {
      this.failing = true;
      this.log.warn(`${this.what} ${why}; its series are left out of the scrape until it answers`);
    }
    return undefined;
  }
}
