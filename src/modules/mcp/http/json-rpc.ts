import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { Response } from 'express';
import { noteBody, wantsBody } from '../../../common/http/captured-body';
import { countAs } from '../../../common/http/counted-status';
import type { Described } from '../../../common/http/envelope.filter';

/**
 * The JSON-RPC bodies /mcp answers outside the SDK's transport: refusals decided before any MCP
 * message is read (the guards' 401, 403 and 429, a malformed body, a method other than POST).
 * MCP answers are JSON-RPC, never the envelope (API.md section 11).
 */

type JsonRpcId = string | number | null;

/** JSON-RPC's "implementation-defined server error": the refusals that are no malformed request (401, 403, 429, 503). */
const SERVER_ERROR = -32000;

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
}

const asMessage = (body: unknown): JsonRpcMessage | undefined =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? body : undefined;

/** The id of the request the body carries, if it is one request: its answer names it. */
export function requestIdOf(body: unknown): JsonRpcId {
  const id = asMessage(body)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The body is one `tools/call` request (it has an id to answer). */
export const isToolCall = (body: unknown): boolean => asMessage(body)?.method === 'tools/call' && requestIdOf(body) !== null;

/** The JSON-RPC error code of an HTTP refusal: a parse error, an invalid request, an internal error, or a server error. */
function codeOf(status: number, parseFailed: boolean): number {
  if (status === Number(HttpStatus.BAD_REQUEST)) return parseFailed ? ErrorCode.ParseError : ErrorCode.InvalidRequest;
  if (status >= 500 && status !== Number(HttpStatus.SERVICE_UNAVAILABLE)) return ErrorCode.InternalError;
  return SERVER_ERROR;
}

/** A JSON-RPC error answer with the HTTP status and headers of the refusal, and the status in `error.data`. */
export function sendJsonRpcError(res: Response, described: Described, body: unknown, parseFailed = false): void {
  for (const [name, value] of Object.entries(described.headers ?? {})) res.setHeader(name, value);
  sendJson(res, described.status, {
    jsonrpc: '2.0',
    id: requestIdOf(body),
    error: { code: codeOf(described.status, parseFailed), message: described.message, data: { status: described.status } },
  });
}

/**
 * A tools/call refused before it ran (the key's rate limit): a tool result with isError, as API.md
 * section 11 says, in a 200 that the key's usage counts as the refusal's `status`.
 */
export function sendToolError(res: Response, body: unknown, message: string, status: number): void {
  countAs(res, status);
  sendJson(res, HttpStatus.OK, {
    jsonrpc: '2.0',
    id: requestIdOf(body),
    result: { content: [{ type: 'text', text: message }], isError: true },
  });
}

/** `res.json`, the text kept for the request log when it asked for it (captured-body.ts). */
function sendJson(res: Response, status: number, answer: object): void {
  if (wantsBody(res)) noteBody(res, JSON.stringify(answer));
  res.status(status).json(answer);
}
