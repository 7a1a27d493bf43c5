import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { WarningLog } from '../ports/warning-log';

const MAX_ERROR_LENGTH = 500;

/** An attempt's error as stored and logged: bounded, so a receiver's long answer never bloats a row or a log line. */
export const boundedError = (text: string): string => (text.length <= MAX_ERROR_LENGTH ? text : `${text.slice(0, MAX_ERROR_LENGTH - 1)}…`);

/** What every attempt of a leased outbox row works with besides its own queue. */
export interface OutboxRuntime {
  /** The unit of work an attempt's result is written in. */
  uow: UnitOfWork;
  clock: Clock;
  log: WarningLog;
  /** The retry schedule's jitter, in [0, 1) (Math.random; fixed in tests). */
  random: () => number;
}

/** The lease a claimed row carries: its writes land only while the row still carries it. */
export interface Leased {
  lockedUntil: Date;
}

/**
 * One attempt of a leased outbox row (a webhook delivery, a message), the same steps for
 * every queue: make the attempt (`send`), decide what its result means (`outcome`, on the
 * queue's retry schedule), write that in one unit of work only while the row still carries
 * the lease that made it (`record`, false when the lease was lost), then what follows a
 * written result outside that transaction (`settled`). A lost lease means another instance
 * took the row over after this one's ran out: its result stands, and this one is logged with
 * the row's ids (`describe`) and dropped.
 */
export abstract class LeasedAttempts<C extends Leased, R, O> {
  protected constructor(
    protected readonly runtime: OutboxRuntime,
    /** The warning of a lost lease ("… lease lost before its result was written"). */
    private readonly leaseLost: string,
  ) {}

  async attempt(claim: C): Promise<O> {
    const { uow, clock, log, random } = this.runtime;
    const result = await this.send(claim);
    const now = clock.now();
    const outcome = this.outcome(claim, result, now, random());
    const kept = await uow.run(() => this.record(claim, outcome, now, result));
    if (!kept) log.warn(this.describe(claim), this.leaseLost);
    else await this.settled(claim, outcome, now);
    return outcome;
  }

  /** Makes the attempt; a failure the queue expects (a value that does not open) is a result, anything else throws. */
  protected abstract send(claim: C): Promise<R>;
  /** What the result means for the row; `random` is the jitter of its next attempt. */
  protected abstract outcome(claim: C, result: R, now: Date, random: number): O;
  /**
   * Writes the outcome under the claim's lease, inside the attempt's unit of work; false when the
   * lease was lost. `result` is the attempt's, for a queue that keeps what each attempt saw.
   */
  protected abstract record(claim: C, outcome: O, now: Date, result: R): Promise<boolean>;
  /** What follows a written outcome, after its transaction committed. */
  protected settled(_claim: C, _outcome: O, _now: Date): Promise<void> {
    return Promise.resolve();
  }
  /** The row's ids for a log line: never a body, a URL or an address. */
  protected abstract describe(claim: C): Record<string, string>;
}
