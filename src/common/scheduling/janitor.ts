import { Inject, Injectable, Logger, type Type } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../ports/clock';
import { ScheduledSweep, type SweepOptions } from './scheduled-sweep';

/** The token of what a janitor deletes through: a service or a repository port (abstract classes included). */
type Source<S> = Type<S> | (abstract new (...args: never[]) => S);

export interface JanitorOptions<S> extends Omit<SweepOptions, 'intervalMs' | 'batchSize' | 'maxBatches'> {
  /** The owner's service or repository that deletes the rows: only the table's owner writes it. */
  source: Source<S>;
  /** Deletes one batch (at most `batchSize` rows) past their retention at `clock.now()`; answers how many went. */
  deleteBatch: (source: S, clock: Clock, batchSize: number) => Promise<number>;
  /** The logger's context: the owning module's name. */
  logContext: string;
  /** How often it runs: 15 minutes unless the rows age more slowly. */
  intervalMs?: number;
  /** Rows a batch deletes at most: 1000, short statements that hold their locks briefly. */
  batchSize?: number;
  /** Batches per sweep at most: unbounded unless a backlog could make one sweep run for long. */
  maxBatches?: number;
}

/**
 * The one way a module declares a janitor: a ScheduledSweep provider whose settings (interval,
 * batch size, batches per sweep, modes) are the module's own and whose deletes go through the
 * owner's `source`. The class it answers is a Nest provider whose dependencies are named by
 * `@Inject`, so a module declares `class EventsJanitor extends Janitor({...}) {}`, lists it in
 * its providers, and specs fetch it by that class.
 */
export function Janitor<S>({ source, deleteBatch, logContext, ...sweep }: JanitorOptions<S>): Type<ScheduledSweep> {
  const options: SweepOptions = { intervalMs: 15 * 60 * 1000, batchSize: 1000, maxBatches: Number.POSITIVE_INFINITY, ...sweep };
  @Injectable()
  class ConfiguredJanitor extends ScheduledSweep {
    constructor(@Inject(source) owner: S, @Inject(SchedulerRegistry) scheduler: SchedulerRegistry, @Inject(Clock) clock: Clock) {
      super(scheduler, () => deleteBatch(owner, clock, options.batchSize), options, new Logger(logContext), clock);
    }
  }
  return ConfiguredJanitor;
}
