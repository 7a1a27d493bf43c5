import type { Clock } from '../../common/ports/clock';
import { classifyDatabaseFailure } from '../../common/persistence/database-failure';

/** What readiness says about the database: ready (answered, or queueing behind a busy pool), or why not. */
export type Readiness = { ready: true; latencyMs: number; queueing: boolean } | { ready: false; why: string };

/** A query for `transaction_read_only`: resolves whether the database is read-only. */
export type ReadOnlyQuery = () => Promise<boolean>;

export interface ReadinessTiming {
  /** How long an answer is shared by every check that follows it. */
  reuseMs: number;
  /** How long a check waits for a pooled connection's answer before it asks the database directly. */
  poolWaitMs: number;
}

export const READINESS_TIMING: ReadinessTiming = { reuseMs: 1_000, poolWaitMs: 1_000 };

type Outcome = { kind: 'answered'; readOnly: boolean } | { kind: 'failed'; error: unknown } | { kind: 'waiting' };

const READ_ONLY = 'the database is read-only and refuses writes';
const UNREACHABLE = 'the database cannot be reached';

/**
 * Whether the database can take this instance's requests, at the cost of at most one pooled
 * query per `reuseMs` whatever the rate of checks: an answer is shared for `reuseMs`, checks
 * that arrive while a probe runs await that probe, and no second pooled query starts while one
 * is still waiting.
 *
 * The probe asks through the request pool. When the pool cannot serve it (every connection in
 * use past `poolWaitMs`, or the pool's own acquire timeout), that is a queue or an outage, and
 * only the database can tell which: the probe then asks it once on a connection of its own
 * (`directQuery`, bounded by its own time limits). It answers: the pool is a queue, ready (a
 * load balancer must not pull a busy but healthy instance). It does not: not ready. A database
 * that answers but refuses writes (read-only after a failover) is not ready either.
 */
export class DatabaseReadiness {
  private shared?: { answer: Readiness; at: number };
  private probing?: Promise<Readiness>;
  private pooledWaiting = false;

  constructor(
    private readonly pooledQuery: ReadOnlyQuery,
    private readonly directQuery: ReadOnlyQuery,
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
    const pooled = this.pooledWaiting ? ({ kind: 'waiting' } as const) : await this.askPool();
    if (pooled.kind === 'answered') return this.judge(pooled.readOnly, started, false);
    const failure = pooled.kind === 'failed' ? classifyDatabaseFailure(pooled.error) : undefined;
    if (failure === 'read_only') return { ready: false, why: READ_ONLY };
    if (pooled.kind === 'failed' && failure !== 'busy' && failure !== 'timed_out') return { ready: false, why: UNREACHABLE };
    try {
      return this.judge(await this.directQuery(), started, true);
    } catch {
      return { ready: false, why: UNREACHABLE };
    }
  }

  /** The pooled query, or `waiting` once it has waited `poolWaitMs` (it goes on; no second one starts meanwhile). */
  private async askPool(): Promise<Outcome> {
    this.pooledWaiting = true;
    const query = this.pooledQuery().then(
      (readOnly): Outcome => ({ kind: 'answered', readOnly }),
      (error: unknown): Outcome => ({ kind: 'failed', error }),
    );
    void query.finally(() => (this.pooledWaiting = false));
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ kind: 'waiting' }), this.timing.poolWaitMs)));
    const outcome = await Promise.race([query, bound]);
    clearTimeout(timer);
    return outcome;
  }

  private judge(readOnly: boolean, started: number, queueing: boolean): Readiness {
    if (readOnly) return { ready: false, why: READ_ONLY };
    return { ready: true, latencyMs: Math.max(0, this.now() - started), queueing };
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
