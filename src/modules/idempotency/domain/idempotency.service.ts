import type { Clock } from '../../../common/ports/clock';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyKeyReused } from './idempotency.errors';

/** How long a successful response is kept and replayed (API.md section 6). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

export interface IdempotentOutcome {
  /** True when `response` is a stored one and the request did not run again. */
  replayed: boolean;
  /** The handler's data, or, replayed, the stored copy of it (parsed JSON): typed no further. */
  response: unknown;
}

/**
 * Idempotency-Key semantics: the first success is stored for 24 hours per account and
 * replayed for the same key, path and body; another path or body with the key is a
 * 422; errors are not stored. The claim and the request run in ONE unit of work, so a
 * concurrent repeat waits on the first's claim and then replays it (one effect), and a
 * failing request rolls its claim back with its effects (the client may retry the key).
 */
export class IdempotencyService {
  constructor(
    private readonly records: IdempotencyRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute<T>(request: IdempotentRequest, work: () => Promise<T>): Promise<IdempotentOutcome> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      const held = await this.records.claim({ ...request, createdAt: now }, this.expiryCutoff(now));
      if (held) {
        if (held.fingerprint !== request.fingerprint) throw new IdempotencyKeyReused();
        return { replayed: true, response: held.response };
      }
      // A handler that answers nothing is answered `{}` by the envelope; store what is sent.
      const response = (await work()) ?? {};
      await this.records.complete(request.userId, request.key, response);
      return { replayed: false, response };
    });
  }

  /**
   * Forgets the account's records, so that each of its keys runs its request again: all but
   * `keep`, the key of the request in progress (when it has one), whose answer is still to be
   * stored and replayed.
   */
  forgetAccount(userId: string, keep: string | null): Promise<number> {
    return this.records.deleteAllOf(userId, keep);
  }

  /** Drops records nobody can replay any more. */
  purgeExpired(): Promise<number> {
    return this.records.deleteExpired(this.expiryCutoff(this.clock.now()));
  }

  private expiryCutoff(now: Date): Date {
    return new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  }
}
