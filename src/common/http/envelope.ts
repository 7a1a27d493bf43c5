import type { ServerResponse } from 'node:http';
import { noteBody } from './captured-body';
import { JsonText } from './json-text';

/**
 * The shape of every JSON response the service sends: exactly one of `data` and `error` is
 * non-null. This file is the one writer of its text: the HTTP adapter's `reply` (results), the
 * exception filter (failures), the shutdown answer and node:http's client errors all call it.
 */
export interface Envelope<T extends object = object> {
  data: T | null;
  error: string | null;
}

export const ENVELOPE_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * `{"data": …, "error": null}` as JSON text. A JsonText goes in as it is: the same bytes
 * JSON.stringify gives for the envelope with `data` already written, without parsing it again.
 */
export function successJson(data: object | JsonText): string {
  return data instanceof JsonText ? `{"data":${data.text},"error":null}` : JSON.stringify({ data, error: null });
}

/** `{"data": null, "error": message}` as JSON text. */
export function failureJson(message: string): string {
  return JSON.stringify({ data: null, error: message });
}

/**
 * Writes an envelope as the whole response, straight to Node's response: the JSON Content-Type
 * Express's `res.json` sets; Node adds Content-Length for a body given whole to `end`, and sends
 * no body to a HEAD request.
 */
export function sendEnvelope(res: ServerResponse, status: number, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', ENVELOPE_CONTENT_TYPE);
  noteBody(res, json);
  res.end(json);
}

/**
 * A whole HTTP/1.1 error response in the envelope, for a socket on which node:http has no
 * response object (a request it could not read), with its request id; the connection closes after it.
 */
export function rawFailureResponse(status: number, reason: string, message: string, requestId: string): string {
  const body = failureJson(message);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${ENVELOPE_CONTENT_TYPE}\r\nX-Request-Id: ${requestId}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
