import type { FetchLike } from '../src/index.ts';

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the fake answers to one request: a status with a body and headers, or a connection failure. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'connection-refused' | 'body-lost';

export const ok = (data: unknown, headers: Record<string, string> = {}): Reply => ({ status: 200, body: { data, error: null }, headers });
export const failure = (status: number, error: string, headers: Record<string, string> = {}): Reply => ({
  status,
  body: { data: null, error },
  headers,
});

/**
 * A fetch that records every request and answers from a script, one reply per request (the
 * last one repeating), or from a function of the request.
 */
export function fakeFetch(replies: Reply[] | ((sent: Sent) => Reply)): FetchLike & { sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => {
    init.signal?.throwIfAborted();
    const request = { method: init.method, url, headers: { ...init.headers }, body: init.body };
    sent.push(request);
    const reply = typeof replies === 'function' ? replies(request) : (replies.length > 1 ? replies.shift() : replies[0])!;
    if (reply === 'connection-refused') throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    if (reply === 'body-lost') {
      // Headers came, then the connection broke in the middle of the body.
      const body = new ReadableStream({ start: (controller) => controller.error(new TypeError('terminated')) });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', 'x-request-id': `req-${sent.length}`, ...reply.headers },
    });
  };
  return Object.assign(fetch, { sent });
}

/** A sleep that records each wait and returns at once, so no spec waits on the wall clock. */
export function recordingSleep(): ((ms: number, signal?: AbortSignal) => Promise<void>) & { waits: number[] } {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    waits.push(ms);
  };
  return Object.assign(sleep, { waits });
}
