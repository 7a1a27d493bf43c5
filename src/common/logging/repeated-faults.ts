import type { Clock } from '../ports/clock';
import type { WarningLog } from '../ports/warning-log';

/** How long a kind of fault is counted before its summary line is written. */
export const FAULT_SUMMARY_WINDOW_MS = 10_000;

interface Counted {
  /** What one occurrence is, in the summary line ("requests answered 503", "failed polls"). */
  unit: string;
  /** When the current window began (the first occurrence, or the last summary). */
  since: number;
  /** Occurrences since `since` that were counted, not logged. */
  count: number;
}

/**
 * Keeps an expected fault that repeats (the database away: every request a 503, every poll of a
 * background worker a failure) from flooding the log. The first occurrence of a kind is logged
 * in full; the ones after it are only counted, and at most one summary line per kind per window
 * (10 s) says how many there were. A window that ends with nothing counted forgets the kind, so
 * the next outage's first occurrence is logged in full again.
 *
 * Times come from the Clock port. Summaries are written when an occurrence or `flush()` finds a
 * window over; while kinds are being counted, an unref'd timer calls `flush()` every second, so
 * the last summary of an outage is written even if nothing else happens after it. The timer
 * stops once every kind has gone quiet; it never keeps the process alive.
 */
export class RepeatedFaults {
  private readonly counted = new Map<string, Counted>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly clock: Clock,
    private readonly log: WarningLog,
    private readonly windowMs = FAULT_SUMMARY_WINDOW_MS,
  ) {}

  /**
   * One occurrence of a fault of `kind`: answers true when it is the first of an outage and is to
   * be logged in full by the caller, false when it was counted into the kind's next summary.
   */
  occurred(kind: string, unit: string): boolean {
    const now = this.clock.now().getTime();
    this.flushAt(now);
    const state = this.counted.get(kind);
    if (!state) {
      this.counted.set(kind, { unit, since: now, count: 0 });
      this.tick();
      return true;
    }
    state.count += 1;
    return false;
  }

  /** Logs `message` with `context` if this is the first `kind` of an outage; else counts it. */
  warn(kind: string, unit: string, context: object, message: string): void {
    if (this.occurred(kind, unit)) this.log.warn(context, message);
  }

  /** Writes the summary of every kind whose window is over, and forgets the kinds that went quiet. */
  flush(): void {
    if (this.counted.size > 0) this.flushAt(this.clock.now().getTime());
  }

  /** Writes what is still counted, whatever its window (the process is stopping). */
  close(): void {
    const now = this.clock.now().getTime();
    for (const [kind, state] of this.counted) if (state.count > 0) this.summarise(kind, state, now);
    this.counted.clear();
    this.stopTimer();
  }

  private flushAt(now: number): void {
    for (const [kind, state] of this.counted) {
      if (now - state.since < this.windowMs) continue;
      if (state.count === 0) {
        this.counted.delete(kind);
        continue;
      }
      this.summarise(kind, state, now);
      state.since = now;
      state.count = 0;
    }
    if (this.counted.size === 0) this.stopTimer();
  }

  private summarise(kind: string, state: Counted, now: number): void {
    const seconds = Math.max(1, Math.round((now - state.since) / 1000));
    this.log.warn(
      { fault: kind, count: state.count, window_s: seconds },
      `${kind}: ${state.count.toLocaleString('en-US')} ${state.unit} in the last ${seconds} s`,
    );
  }

  private tick(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.flush(), 1000);
    this.timer.unref();
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * A WarningLog for a domain service whose warnings include one that repeats per item during an
 * outage (per key, per row): the messages listed in `repeated` (with the unit their summary
 * counts) go through RepeatedFaults, the others pass through unchanged.
 */
export function summarisingWarnings(log: WarningLog, clock: Clock, repeated: Readonly<Record<string, string>>): WarningLog {
  const faults = new RepeatedFaults(clock, log);
  return {
    warn: (context, message) => {
      const unit = repeated[message];
      if (unit === undefined) log.warn(context, message);
      else faults.warn(message, unit, context, message);
    },
  };
}
