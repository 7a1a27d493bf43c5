import type { KeyMode } from '../../../common/auth/principal';

/** How long a request's line is kept: the developer page shows the last 24 hours. */
export const REQUEST_LOG_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Bytes of a request's or a response's body kept at most, after redaction. */
export const REQUEST_LOG_BODY_LIMIT = 8 * 1024;

/**
 * Characters of a response's text held until the flush at most, as a copy: a page's whole
 * answer is not kept alive for a second (a thousand pages a second would be 30 MB more for
 * the garbage collector). More than redaction reads (the limit and its margin), so a held
 * text longer than that still tells that the answer was longer.
 */
export const REQUEST_LOG_HELD_BODY_CHARS = REQUEST_LOG_BODY_LIMIT + 1024;

/** The status classes the page filters by. */
export const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/**
 * A request as the capture saw it when its answer finished: the fields the line needs and the
 * bodies as they were (a parsed request body, the response's text), not yet redacted nor
 * capped. Kept only until the next flush, so nothing of the request object itself is held.
 */
export interface CapturedRequest {
  mode: KeyMode;
  userId: string;
  keyId: string;
  /** When the request arrived (the Clock port). */
  startedAt: Date;
  durationMs: number;
  method: string;
  /** The matched route's pattern (`/v1/lists/:id/items`), or the path when no route matched. */
  route: string;
  /** The URL as it arrived (query string included): masked when the line is made. */
  url: string;
  status: number;
  requestId: string;
  requestBody: unknown;
  /** The response's text, when the service wrote one. */
  responseBody: string | undefined;
}

/** A body as stored: redacted, then cut at REQUEST_LOG_BODY_LIMIT bytes. */
export interface RedactedBody {
  text: string;
  truncated: boolean;
}

/** One stored line of the request log. */
export interface RequestLogLine {
  id: string;
  userId: string;
  keyId: string;
  createdAt: Date;
  method: string;
  route: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  requestBody: RedactedBody | null;
  responseBody: RedactedBody | null;
}

/** What a page of lines is narrowed to; every filter is optional. */
export interface RequestLogFilter {
  keyId?: string;
  statusClass?: StatusClass;
  route?: string;
  requestId?: string;
}

/** The lowest and highest status of a class, both included. */
export function statusRange(statusClass: StatusClass): [number, number] {
  const base = Number(statusClass[0]) * 100;
  return [base, base + 99];
}
