import { ApiError, ConnectionError, FeedExpiredError } from './errors.ts';
import { backoffMs, parseRetryAfter, RETRY_DEFAULTS, type RetryOptions, sleep as realSleep } from './retry.ts';

/** The `fetch` the client calls: the platform's by default, or any function of the same shape. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export interface ClientOptions extends RetryOptions {
  /** The API key (`sk_live_…` or `sk_test_…`), sent as `X-API-Key`. */
  apiKey: string;
  /** Where the service is. Default `http://127.0.0.1:3000`. */
  baseUrl?: string;
  /** The `fetch` to call. Default `globalThis.fetch`. */
  fetch?: FetchLike;
  /** How the client waits between retries and feed polls. Default a timer; tests pass one that records and returns at once. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The current time in ms (for an HTTP-date `Retry-After`). Default `Date.now`. */
  now?: () => number;
  /** A number in [0, 1) for the backoff's jitter. Default `Math.random`. */
  random?: () => number;
  /** Makes an `Idempotency-Key` for a `POST` that was given none. Default `crypto.randomUUID()`. */
  idempotencyKey?: () => string;
  /** Headers sent on every request (a `User-Agent` where the platform allows it, a proxy's token). */
  headers?: Record<string, string>;
  /** Told before each wait for a retry: what failed and how long the client waits. */
  onRetry?: (retry: RetryNotice) => void;
}

export interface RetryNotice {
  /** `METHOD /path` of the request. */
  request: string;
  /** 1 for the first retry. */
  retry: number;
  /** The status that caused it, or 0 for a connection error. */
  status: number;
  delayMs: number;
}

/** Per-call options every method takes last. */
export interface RequestOptions {
  /** For a `POST`: the `Idempotency-Key` to send (reused on every retry). Default a fresh UUID per call. */
  idempotencyKey?: string;
  /** Cancels the request, and any wait for a retry. */
  signal?: AbortSignal;
  /** Headers of this call: `X-Request-Id` to find it in the service's logs, `If-Match` … */
  headers?: Record<string, string>;
  /** Retries of this call; overrides the client's `maxRetries`. */
  maxRetries?: number;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | readonly string[] | undefined>;

/**
 * Why an attempt failed, when it may be tried again: `refused` for a 429 (the rate limit refuses
 * before the request does anything), `unavailable` for a 503, `connection` for no answer.
 */
type Retryable = 'refused' | 'unavailable' | 'connection';

/**
 * Whether a retry can change nothing the first attempt did. A 429 ran nothing, so any request
 * may go again. After a 503 or a lost connection the first attempt may have committed: a GET
 * reads again; a POST goes again with the same Idempotency-Key, so the service replays its
 * stored answer instead of running it twice; a PATCH or DELETE goes again only under
 * `If-Match` (else a rename retried over a concurrent one, or a delete answered 404 after it
 * succeeded, would tell the caller something untrue).
 */
function mayRetry(method: Method, headers: Record<string, string>, why: Retryable): boolean {
  if (why === 'refused' || method === 'GET' || method === 'POST') return true;
  return 'if-match' in headers;
}

const isAbort = (error: unknown): boolean => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

function defaultIdempotencyKey(): string {
  const crypto = globalThis.crypto as { randomUUID?: () => string } | undefined;
  if (!crypto?.randomUUID) {
    throw new Error(
      'No Web Crypto here (globalThis.crypto.randomUUID): pass the idempotencyKey option (Node 18: run with --experimental-global-webcrypto)',
    );
  }
  return crypto.randomUUID();
}

/** Sends requests: the envelope, the key, retries with backoff, Idempotency-Keys, typed errors. */
export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly retry: Required<RetryOptions>;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly newKey: () => string;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new Error('apiKey is required');
    this.baseUrl = (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
    const platformFetch = globalThis.fetch as FetchLike | undefined;
    if (!options.fetch && !platformFetch) throw new Error('No fetch here: pass the fetch option');
    // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
    this.fetch = options.fetch ?? ((url, init) => platformFetch!(url, init));
    this.retry = {
      maxRetries: options.maxRetries ?? RETRY_DEFAULTS.maxRetries,
      initialDelayMs: options.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs,
      maxDelayMs: options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs,
      maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? RETRY_DEFAULTS.maxRetryAfterSeconds,
    };
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.newKey = options.idempotencyKey ?? defaultIdempotencyKey;
  }

  /** One call: its `data` on success; an ApiError (or ConnectionError) once retries are spent or not allowed. */
  async request<T>(
    method: Method,
    path: string,
    { query, body, ...options }: RequestOptions & { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    const url = this.baseUrl + path + queryString(query);
    const label = `${method} ${path}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    // Names in lower case, so that a header given twice in different cases is sent once.
    for (const [name, value] of Object.entries({ ...this.options.headers, ...options.headers })) headers[name.toLowerCase()] = value;
    headers['x-api-key'] = this.options.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    // One key for the call, made before the first attempt, so that every retry repeats it.
    if (method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? headers['idempotency-key'] ?? this.newKey();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const maxRetries = options.maxRetries ?? this.retry.maxRetries;

    for (let retry = 0; ; retry++) {
      let failure: { data?: unknown; error?: ApiError };
      try {
        // The body is read here too: a connection lost in the middle of it is no answer either.
        failure = await readAnswer(await this.fetch(url, { method, headers, body: payload, signal: options.signal }), label, this.now());
      } catch (error) {
        if (isAbort(error) || options.signal?.aborted) throw error;
        if (retry < maxRetries && mayRetry(method, headers, 'connection')) {
          await this.wait(label, retry + 1, 0, null, options.signal);
          continue;
        }
        throw new ConnectionError(`${label}: no answer (${error instanceof Error ? error.message : String(error)})`, label, {
          cause: error,
        });
      }
      if (!failure.error) return failure.data as T;
      const error = failure.error;
      const why: Retryable | undefined = error.status === 429 ? 'refused' : error.status === 503 ? 'unavailable' : undefined;
      const waitable = error.retryAfter === null || error.retryAfter <= this.retry.maxRetryAfterSeconds;
      if (why && waitable && retry < maxRetries && mayRetry(method, headers, why)) {
        await this.wait(label, retry + 1, error.status, error.retryAfter, options.signal);
        continue;
      }
      throw error;
    }
  }

  private async wait(request: string, retry: number, status: number, retryAfter: number | null, signal?: AbortSignal): Promise<void> {
    const delayMs = backoffMs(retry, retryAfter, this.retry, this.random);
    this.options.onRetry?.({ request, retry, status, delayMs });
    await this.sleep(delayMs, signal);
  }
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The envelope of an answer: its `data` on a 2xx, else the ApiError it stands for. */
async function readAnswer(answer: Response, request: string, nowMs: number): Promise<{ data?: unknown; error?: ApiError }> {
  const text = await answer.text();
  let envelope: { data?: unknown; error?: unknown } | undefined;
  try {
    envelope = text ? (JSON.parse(text) as { data?: unknown; error?: unknown }) : undefined;
  } catch {
    envelope = undefined;
  }
  if (answer.ok && envelope && 'data' in envelope) return { data: envelope.data };
  const message =
    typeof envelope?.error === 'string'
      ? envelope.error
      : answer.ok
        ? `the answer is not the {data, error} envelope (${text.slice(0, 200)})`
        : `HTTP ${answer.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  const details = {
    status: answer.status,
    message,
    request,
    requestId: answer.headers.get('x-request-id'),
    requiredScope: answer.headers.get('x-required-scope'),
    retryAfter: parseRetryAfter(answer.headers.get('retry-after'), nowMs),
  };
  return { error: answer.status === 410 ? new FeedExpiredError(details) : new ApiError(details) };
}
