/** How a client retries: how often, how long it waits, and how it sleeps (injectable, so tests never sleep). */
export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 3. */
  maxRetries?: number;
  /** The first backoff without `Retry-After`, in ms; it doubles on each retry. Default 500. */
  initialDelayMs?: number;
  /** The longest backoff without `Retry-After`, in ms. Default 8000. */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` the client waits for, in seconds; a longer one is not waited for
   * but thrown at once (its `retryAfter` tells the caller when). Default 60.
   */
  maxRetryAfterSeconds?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = {
  maxRetries: 3,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterSeconds: 60,
};

/**
 * `Retry-After` as seconds: a number of seconds, or an HTTP date (seconds from `nowMs` to it,
 * at least 0). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * The wait before retry number `retry` (1 for the first): exactly what `Retry-After` asked when
 * the service said, else an exponential backoff with jitter (between half and all of
 * `initialDelayMs · 2^(retry-1)`, capped at `maxDelayMs`), so clients refused together do not
 * come back together.
 */
export function backoffMs(retry: number, retryAfterSeconds: number | null, options: Required<RetryOptions>, random: () => number): number {
  if (retryAfterSeconds !== null) return retryAfterSeconds * 1000;
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
