import type { Clock } from '../../common/ports/clock';
import { classifyDatabaseFailure } from '../../common/persistence/database-failure';

/** What readiness says about the database: ready (answered, or queueing behind a busy pool), or why not. */
export type Readiness = { ready: true; latencyMs: number; queueing: boolean } | { ready: false; why: string };

export interface ReadinessTiming {
  /** How long an answer is shared by every check that follows it. */
  reuseMs: number;
  /** How long a check waits for the probe's query before it judges from what it knows. */
  boundMs: number;
  /** How recent the last answered query must be for a slow or busy database to count as queueing. */
  recentMs: number;
}

export const READINESS_TIMING: ReadinessTiming = { reuseMs: 1_000, boundMs: 2_000, recentMs: 5_000 };

type Outcome = { kind: 'answered'; readOnly: boolean } | { kind: 'failed'; error: unknown } | { kind: 'waiting' };

/**
 * Whether the database can take this instance's requests, at the cost of at most one pooled
 * query per `reuseMs` whatever the rate of checks: an answer is shared for `reuseMs`, checks
 * that arrive while a probe runs await that probe, and no second query starts while one is
 * still waiting. The probe borrows a connection from the request pool, so a probe that waits
 * tells saturation from an outage by what else is known:
 *
 * - the query answered: ready, unless the database is read-only (every write would fail);
 * - it waited past `boundMs`, or failed for want of a pooled connection or on a statement
 *   timeout, while a query answered within `recentMs`: the pool is a queue, not an outage:
 *   ready (a load balancer must not pull a busy but healthy instance);
 * - it failed to connect, or waited or timed out with no recent answer: not ready.
 */
export class DatabaseReadiness {
  private shared?: { answer: Readiness; at: number };
  private probing?: Promise<Readiness>;
  private queryWaiting = false;
  private lastAnsweredAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** One query on a pooled connection: resolves whether the database is read-only. */
    private readonly readOnlyQuery: () => Promise<boolean>,
    private readonly clock: Clock,
    private readonly timing: ReadinessTiming = READINESS_TIMING,
  ) {}

  check(): Promise<Readiness> {
    if (this.shared && this.now() - this.shared.at < this.timing.reuseMs) return Promise.resolve(this.shared.answer);
    this.probing ??= this.probe().then((answer) => {
      this.shared = { answer, at: this.now() };
      this.probing = undefined;
      return answer;
    });
    return this.probing;
  }

  private async probe(): Promise<Readiness> {
    const started = this.now();
    // A query from an earlier check still waits (past its bound): judge from what is known.
    if (this.queryWaiting) return this.judge({ kind: 'waiting' }, started);
    this.queryWaiting = true;
    const query = this.readOnlyQuery().then(
      (readOnly): Outcome => {
        this.lastAnsweredAt = this.now();
        return { kind: 'answered', readOnly };
      },
      (error: unknown): Outcome => ({ kind: 'failed', error }),
    );
    void query.finally(() => (this.queryWaiting = false));
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ kind: 'waiting' }), this.timing.boundMs)));
    const outcome = await Promise.race([query, bound]);
    clearTimeout(timer);
    return this.judge(outcome, started);
  }

  private judge(outcome: Outcome, started: number): Readiness {
    const latencyMs = Math.max(0, this.now() - started);
    if (outcome.kind === 'answered') {
      return outcome.readOnly
        ? { ready: false, why: 'the database is read-only and refuses writes' }
        : { ready: true, latencyMs, queueing: false };
    }
    const failure = outcome.kind === 'failed' ? classifyDatabaseFailure(outcome.error) : undefined;
    if (failure === 'read_only') return { ready: false, why: 'the database is read-only and refuses writes' };
    const queueingKind = outcome.kind === 'waiting' || failure === 'busy' || failure === 'timed_out';
    if (queueingKind && this.now() - this.lastAnsweredAt <= this.timing.recentMs) return { ready: true, latencyMs, queueing: true };
    return { ready: false, why: outcome.kind === 'waiting' ? 'the database did not answer in time' : 'the database cannot be reached' };
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
