/** The outcome of counting one request against a rolling window. */
export interface RateLimitDecision {
  /** Whether the request was admitted (and therefore counted). */
  allowed: boolean;
  /** Requests still admissible in the window after this one (0 when refused). */
  remaining: number;
  /**
   * Whole seconds, rounded up and at least 1: when admitted, until the oldest counted request
   * leaves the window; when refused, until a slot frees (the exact Retry-After).
   */
  resetSeconds: number;
}

/**
 * Port: an exact rolling-window counter, `limit` requests per `windowMs` per key.
 * Refused requests are not recorded, so a client that keeps retrying too early
 * does not push its own slot further away.
 */
export abstract class RateLimitStore {
  abstract hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
}
