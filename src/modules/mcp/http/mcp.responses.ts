import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { retryAfterHeader } from '../../../common/http/api-response.decorators';

/** The names of the JSON-RPC schemas in the OpenAPI document (added by addJsonRpcSchemas). */
export const JSON_RPC_RESPONSE = 'JsonRpcResponse';
export const JSON_RPC_ERROR = 'JsonRpcError';

const id = { description: "The request's id; null when the refusal answers no single request", type: ['string', 'number', 'null'] };

/** Adds the JSON-RPC message schemas that /mcp's answers refer to (API.md section 11: MCP answers are JSON-RPC, not the envelope). */
export function addJsonRpcSchemas(document: OpenAPIObject): OpenAPIObject {
  const errorObject = {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: {
        type: 'integer',
        description: '-32700 parse error, -32600 invalid request, -32602 invalid params, -32000 refused (401, 403, 429, 503)',
      },
      message: { type: 'string', description: "The API's message" },
      data: { type: 'object', properties: { status: { type: 'integer', description: 'The HTTP status' } } },
    },
  };
  const schemas = (document.components ??= {}).schemas ?? (document.components.schemas = {});
  Object.assign(schemas, {
    [JSON_RPC_ERROR]: {
      type: 'object',
      description: 'A JSON-RPC 2.0 error answer',
      required: ['jsonrpc', 'id', 'error'],
      properties: { jsonrpc: { const: '2.0' }, id, error: errorObject },
    },
    [JSON_RPC_RESPONSE]: {
      type: 'object',
      description:
        'A JSON-RPC 2.0 answer of the Model Context Protocol: a `result` (for tools/call a CallToolResult with `structuredContent`, ' +
        "or `isError: true` and the API's message), or an `error`",
      required: ['jsonrpc', 'id'],
      properties: { jsonrpc: { const: '2.0' }, id, result: { type: 'object' }, error: errorObject },
    },
  });
  return document;
}

const jsonRpc = (name: string) => ({ 'application/json': { schema: { $ref: getSchemaPath(name) } } });
const refusal = (status: number, description: string, headers?: Parameters<typeof ApiResponse>[0]['headers']) =>
  ApiResponse({ status, description, headers, content: jsonRpc(JSON_RPC_ERROR) });

/** What the guards and the service answer on every method of /mcp, before or around any MCP message. */
const refusals = () => [
  refusal(401, 'Missing, malformed, unknown, revoked or expired API key: `WWW-Authenticate: Bearer`', {
    'WWW-Authenticate': {
      description: '`Bearer realm="mcp"`, with `error="invalid_token"` when a key was sent',
      schema: { type: 'string' },
    },
  }),
  refusal(403, 'The key is not allowed from this address'),
  refusal(
    429,
    'Rate limit exceeded on a message other than tools/call (a tools/call gets a tool result with isError), or, without a valid key, ' +
      'this address sent too many requests answered 401',
    retryAfterHeader(),
  ),
  refusal(500, 'Unexpected failure (-32603)'),
  refusal(503, 'The database is unreachable', retryAfterHeader('Seconds to wait', {})),
];

/** The answers of POST /mcp. */
export const ApiMcpPostResponses = () =>
  applyDecorators(
    ApiResponse({
      status: 200,
      description:
        "The JSON-RPC answer (Streamable HTTP with JSON answers, stateless: no Mcp-Session-Id). A tool's failure (a domain error, " +
        "input the API refuses, a scope the key lacks, the key's rate limit) is a tools/call result with `isError: true`",
      content: jsonRpc(JSON_RPC_RESPONSE),
    }),
    ApiResponse({ status: 202, description: 'A notification or response from the client, accepted; no body' }),
    refusal(
      400,
      'Malformed JSON or not one JSON-RPC message (-32700), a body that is not one JSON object or the wrong Content-Type (-32600), ' +
        'an unsupported MCP-Protocol-Version (-32000)',
    ),
    refusal(406, 'Accept must list both application/json and text/event-stream'),
    refusal(413, 'Request body is larger than 256 KiB'),
    ...refusals(),
  );

/** The answer of GET and DELETE /mcp: the transport is stateless, so there is no stream to open and no session to end. */
export const ApiMcpMethodNotAllowed = () =>
  applyDecorators(
    refusal(405, 'Stateless: no server-sent event stream and no session; use POST', {
      Allow: { description: '`POST`', schema: { type: 'string' } },
    }),
    ...refusals(),
  );
