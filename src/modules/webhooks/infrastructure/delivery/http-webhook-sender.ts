import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { inClientSpan } from '../../../../common/tracing/spans';
import type { AttemptResult } from '../../domain/delivery';
import { type AttemptResponse, KEPT_RESPONSE_BYTES } from '../../domain/delivery-attempt-log';
import { hostOf } from '../../domain/url-policy';
import { OutgoingRequest, WebhookSender } from '../../domain/webhook-sender';
import { nonPublicRange } from './ipaddr-address-classifier';

/** Bytes of a receiver's answer read (all but the first KEPT_RESPONSE_BYTES thrown away); a receiver cannot make us read more. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Headers of an answer kept at most, and characters of each value. */
const KEPT_HEADERS = 50;
const KEPT_HEADER_LENGTH = 1024;
/** Headers whose values are the receiver's credentials for its own clients, never kept. */
const UNKEPT_HEADERS = new Set(['set-cookie', 'authorization', 'proxy-authorization']);

/**
 * What the delivery inspector keeps of an answer: its headers (bounded, cookies masked) and the
 * first KEPT_RESPONSE_BYTES bytes of its body as text, cut on a character's first byte, with
 * NUL (which PostgreSQL's text refuses) replaced.
 */
export function keptResponse(headers: IncomingMessage['headers'], body: Buffer, received: number): AttemptResponse {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, KEPT_HEADERS)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    kept[name] = UNKEPT_HEADERS.has(name) ? '[redacted]' : text.slice(0, KEPT_HEADER_LENGTH);
  }
  let end = Math.min(body.length, KEPT_RESPONSE_BYTES);
  if (end < body.length) while (end > 0 && (body[end] & 0xc0) === 0x80) end -= 1;
  return {
    headers: kept,
    body: body
      .subarray(0, end)
      .toString('utf8')
      .replace(/\u0000/g, '\uFFFD'),
    bodyTruncated: received > end,
  };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

class NonPublicAddress extends Error {
  code = 'ENONPUBLIC';
}

/**
 * The connection's own name lookup, vetted: every address the name resolves to at send
 * time must be public, and the connection goes to one of exactly those addresses. Checking
 * at creation is not enough (the name may later resolve elsewhere: DNS rebinding), and
 * checking with a lookup of our own before connecting is not either (the connection would
 * look the name up again); here the addresses checked are the addresses used.
 */
function vettedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses;
    const bad = list.find((entry) => nonPublicRange(entry.address) !== null);
    if (bad) {
      return callback(new NonPublicAddress(`${hostname} resolves to ${bad.address}, a ${nonPublicRange(bad.address)} address`), []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

export interface SenderOptions {
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: no address check at send time either. */
  allowPrivate: boolean;
}

/**
 * One POST per attempt with node's http/https client: the whole exchange (connection,
 * answer and its body) within `timeoutMs`, redirects never followed (node's client does
 * not follow them; a 3xx is reported as it is), no connection reuse between attempts.
 */
export class HttpWebhookSender extends WebhookSender {
  constructor(private readonly options: SenderOptions) {
    super();
  }

  /**
   * In a `webhook send` span (tracing: docs/operations.md) naming the receiver by host only
   * (its path and query are the owner's and may hold a token), the message by its
   * `webhook-id`, and the outcome; never the body or the signature.
   */
  send(outgoing: OutgoingRequest): Promise<AttemptResult> {
    return inClientSpan('webhook send', { 'webhook.message_id': outgoing.headers['webhook-id'] }, async (span) => {
      const result = await this.attempt(outgoing, span);
      if (result.kind === 'answered') {
        span.setAttribute('http.response.status_code', result.statusCode);
        if (result.statusCode < 200 || result.statusCode >= 300) span.setStatus({ code: SpanStatusCode.ERROR });
      } else {
        span.setStatus({ code: SpanStatusCode.ERROR, message: result.error });
      }
      return result;
    });
  }

  private attempt(outgoing: OutgoingRequest, span: Span): Promise<AttemptResult> {
    let url: URL;
    try {
      url = new URL(outgoing.url);
    } catch {
      return Promise.resolve({ kind: 'failed', error: 'the URL is not valid' });
    }
    const host = hostOf(url);
    span.setAttribute('server.address', host);
    if (!this.options.allowPrivate && isIP(host) && nonPublicRange(host) !== null) {
      return Promise.resolve({ kind: 'failed', error: `refused: ${host} is a ${nonPublicRange(host)} address` });
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const settle = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const req = request(url, {
        method: 'POST',
        headers: {
          ...outgoing.headers,
          'content-length': String(Buffer.byteLength(outgoing.body)),
          'user-agent': 'todo-service-webhooks/1',
        },
        agent: false,
        signal,
        ...(this.options.allowPrivate ? {} : { lookup: vettedLookup }),
      });
      req.on('response', (res: IncomingMessage) => {
        let read = 0;
        // The body's first bytes, for the delivery inspector (one more than kept: it says whether the body was cut there).
        const start: Buffer[] = [];
        let startBytes = 0;
        const retryAfter = res.headers['retry-after'];
        const answered = (): AttemptResult => ({
          kind: 'answered',
          statusCode: res.statusCode ?? 0,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          response: keptResponse(res.headers, Buffer.concat(start), read),
        });
        res.on('data', (chunk: Buffer) => {
          if (startBytes <= KEPT_RESPONSE_BYTES) {
            start.push(chunk.subarray(0, KEPT_RESPONSE_BYTES + 1 - startBytes));
            startBytes += Math.min(chunk.length, KEPT_RESPONSE_BYTES + 1 - startBytes);
          }
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            settle(answered());
            res.destroy();
          }
        });
        res.on('end', () => settle(answered()));
        res.on('error', () => settle(signal.aborted ? this.timedOut() : answered()));
        res.on('close', () => settle(signal.aborted ? this.timedOut() : answered()));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (signal.aborted) return settle(this.timedOut());
        if (error instanceof NonPublicAddress || error.code === 'ENONPUBLIC')
          return settle({ kind: 'failed', error: `refused: ${error.message}` });
        settle({ kind: 'failed', error: `${error.code ?? 'error'}: ${error.message}` });
      });
      req.end(outgoing.body);
    });
  }

  private timedOut(): AttemptResult {
    return { kind: 'failed', error: `no answer within ${this.options.timeoutMs} ms` };
  }
}
