/** What every failure of the client carries; `ApiError` for an answer, `ConnectionError` for none. */
export interface ErrorDetails {
  /** The HTTP status (0 when no answer came). */
  status: number;
  /** The envelope's `error`, a message for people: branch on `status` (or the error's class), never on this text. */
  message: string;
  /** The answer's `X-Request-Id`, to find the request in the service's logs. */
  requestId: string | null;
  /** On a 403 for a missing scope, the scope the key lacks (`X-Required-Scope`). */
  requiredScope: string | null;
  /** Seconds the service asked to wait (`Retry-After` on a 429 or 503), when it said. */
  retryAfter: number | null;
}

/** An answer of the service that is not a success: the envelope's `error` with the answer's headers. */
export class ApiError extends Error implements ErrorDetails {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly requestId: string | null;
  readonly requiredScope: string | null;
  readonly retryAfter: number | null;
  /** The method and path of the request, for the message of an unhandled error. */
  readonly request: string;

  constructor(details: ErrorDetails & { request: string }) {
    super(details.message);
    this.status = details.status;
    this.requestId = details.requestId;
    this.requiredScope = details.requiredScope;
    this.retryAfter = details.retryAfter;
    this.request = details.request;
  }
}

/**
 * A 410 from the change feed: the cursor is older than the events the service keeps, so the
 * events it would need are gone. Mirror again: read the lists (and their items) again, then
 * follow the feed from now (`client.events.follow({ after: 'now' })`).
 */
export class FeedExpiredError extends ApiError {
  override readonly name: string = 'FeedExpiredError';
}

/** No answer at all: the connection failed (after the retries allowed) or the request was aborted. */
export class ConnectionError extends Error {
  override readonly name: string = 'ConnectionError';
  readonly status = 0;
  constructor(
    message: string,
    /** The request, as `METHOD /path`. */
    readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
