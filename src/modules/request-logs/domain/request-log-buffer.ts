import { type KeyMode, MODES } from '../../../common/auth/principal';
import type { IdGenerator } from '../../../common/ports/id-generator';
import type { ModeScope } from '../../../common/ports/mode-scope';
import type { WarningLog } from '../../../common/ports/warning-log';
import { type CapturedRequest, REQUEST_LOG_BODY_LIMIT, REQUEST_LOG_HELD_BODY_CHARS, type RequestLogLine } from './request-log';
import type { RequestLogRedaction } from './request-log-redaction';
import type { RequestLogRepository } from './request-log.repository';

/** Why a request has no line: the buffer was full, its key had its share of this flush, or the write failed. */
export const DROP_REASONS = ['buffer_full', 'key_share', 'write_failed'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface RequestLogBufferLimits {
  /** Requests held between two flushes at most (REQUEST_LOG_BUFFER_LINES). */
  maxLines: number;
  /**
   * A key's lines in a burst (REQUEST_LOG_KEY_BURST): a key that has been quiet has this many
   * lines before the rate below applies. Its successes (2xx, 3xx) and its failures (4xx, 5xx)
   * each have their own.
   */
  keyBurst: number;
  /** A key's lines a second once its burst is spent (REQUEST_LOG_KEY_LINES_PER_SECOND), successes and failures each. */
  keyLinesPerSecond: number;
}

/** A key's share of lines (successes or failures): a token bucket, as of `at` (ms). */
interface Share {
  tokens: number;
  at: number;
}

/**
 * The first REQUEST_LOG_HELD_BODY_CHARS characters of a text, copied: a slice of a long
 * string would keep the whole string alive (V8 makes it a view of its parent).
 */
const heldCopy = (text: string): string => Buffer.from(text.slice(0, REQUEST_LOG_HELD_BODY_CHARS), 'utf8').toString('utf8');

/**
 * The request log's buffer, one per instance: a request costs a length check, a Map lookup and
 * a push (`add`; a long answer's text is copied down to what can be stored), never a statement
 * nor any redaction. `flush` (every second, and once at shutdown) makes the lines (redaction,
 * the body limit, an id each) and stores each mode's in one multi-row statement.
 *
 * Bounded, never blocking: past `maxLines` requests until the next flush, or past its key's
 * share (a burst, then a rate: an integration being tried has every request logged, a load
 * test is sampled), a request gets no line and is counted by reason (`drops`, for the metric
 * todo_request_logs_dropped_total); so are the lines of a write the database refused, which
 * are not kept for later (a second of lines is worth less than a bounded memory).
 */
export class RequestLogBuffer {
  private pending: CapturedRequest[] = [];
  /** Each key's shares (successes, failures) that are not full; an absent share is a full one. */
  private shares = new Map<string, Share>();
  /** The latest finish of a request seen (ms): what the flush prunes full shares by. */
  private latest = 0;
  private readonly dropped: Record<DropReason, number> = { buffer_full: 0, key_share: 0, write_failed: 0 };
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly repository: RequestLogRepository,
    private readonly redaction: RequestLogRedaction,
    private readonly modes: ModeScope,
    private readonly ids: IdGenerator,
    private readonly log: WarningLog,
    private readonly limits: RequestLogBufferLimits,
  ) {}

  /** Holds a finished request until the next flush, or counts it as dropped. */
  add(request: CapturedRequest): void {
    if (this.pending.length >= this.limits.maxLines) {
      this.dropped.buffer_full += 1;
      return;
    }
    // A key's failures have a share of their own, so that a busy integration's successes never
    // leave its errors, the lines a developer comes to read, unlogged.
    if (!this.take(request.status >= 400 ? `${request.keyId} failed` : request.keyId, request.startedAt.getTime() + request.durationMs)) {
      this.dropped.key_share += 1;
      return;
    }
    const body = request.responseBody;
    this.pending.push(
      body !== undefined && body.length > REQUEST_LOG_HELD_BODY_CHARS ? { ...request, responseBody: heldCopy(body) } : request,
    );
  }

  /**
   * One line of the share `name` at `now` (a request's finish, ms), if it has one: the share
   * refills at keyLinesPerSecond up to keyBurst. Requests finishing out of order never refill
   * it twice.
   */
  private take(name: string, now: number): boolean {
    const { keyBurst, keyLinesPerSecond } = this.limits;
    if (now > this.latest) this.latest = now;
    const share = this.shares.get(name) ?? { tokens: keyBurst, at: now };
    const tokens = Math.min(keyBurst, share.tokens + (Math.max(0, now - share.at) * keyLinesPerSecond) / 1000);
    share.at = Math.max(share.at, now);
    share.tokens = tokens >= 1 ? tokens - 1 : tokens;
    this.shares.set(name, share);
    return tokens >= 1;
  }

  /** Forgets the shares that have refilled: a share absent is a full one, so the map holds only keys busy lately. */
  private pruneShares(): void {
    const { keyBurst, keyLinesPerSecond } = this.limits;
    for (const [name, share] of this.shares) {
      if (share.tokens + ((this.latest - share.at) * keyLinesPerSecond) / 1000 >= keyBurst) this.shares.delete(name);
    }
  }

  /** Requests dropped since the start, by reason. */
  drops(): Readonly<Record<DropReason, number>> {
    return { ...this.dropped };
  }

  /** Requests held for the next flush. */
  get size(): number {
    return this.pending.length;
  }

  /**
   * Stores what is held, after the flush under way (if any), so that the last flush at shutdown
   * leaves nothing behind. Never rejects: a failed write is warned about and its lines counted
   * as dropped.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private async write(): Promise<void> {
    const taken = this.pending;
    this.pending = [];
    this.pruneShares();
    if (taken.length === 0) return;
    for (const mode of MODES) {
      const captured = taken.filter((request) => request.mode === mode);
      if (captured.length > 0) await this.writeMode(mode, captured);
    }
  }

  private async writeMode(mode: KeyMode, captured: readonly CapturedRequest[]): Promise<void> {
    try {
      const lines = captured.map((request) => this.lineOf(request));
      await this.modes.run(mode, () => this.repository.insertMany(lines));
    } catch (error: unknown) {
      this.dropped.write_failed += captured.length;
      this.log.warn({ err: error, mode, lines: captured.length }, 'request log lines could not be saved; dropped');
    }
  }

  private lineOf(request: CapturedRequest): RequestLogLine {
    return {
      id: this.ids.next(),
      userId: request.userId,
      keyId: request.keyId,
      createdAt: request.startedAt,
      method: request.method,
      route: request.route,
      path: this.redaction.path(request.url),
      status: request.status,
      durationMs: request.durationMs,
      requestId: request.requestId,
      requestBody: this.redaction.body(request.requestBody, REQUEST_LOG_BODY_LIMIT),
      responseBody: this.redaction.body(request.responseBody, REQUEST_LOG_BODY_LIMIT),
    };
  }
}
