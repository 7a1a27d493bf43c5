import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type JSONRPCRequest,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { IncomingHttpHeaders } from 'node:http';

/** What one POST /mcp answers: the JSON-RPC answer to a request (200), nothing for notifications (202), or a refusal. */
export interface PostAnswer {
  status: number;
  body?: object;
}

const refusal = (status: number, code: number, message: string): PostAnswer => ({
  status,
  body: { jsonrpc: '2.0', id: null, error: { code, message, data: { status } } },
});

/*
 * The SDK's type guards are zod parses, and a parse that fails builds its error (issues, paths)
 * before answering false: that is most of what a guard costs. A message without the field a
 * guard's schema requires cannot pass it, so the guard runs only when the field is there, and
 * answers exactly as it would alone.
 */
const isInitialize = (message: JSONRPCMessage): boolean =>
  'method' in message && message.method === 'initialize' && isInitializeRequest(message);
const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest =>
  'method' in message && 'id' in message && isJSONRPCRequest(message);

/**
 * The server side of MCP's Streamable HTTP transport for one POST, stateless and with JSON
 * answers only: the mode of the SDK's StreamableHTTPServerTransport with
 * `sessionIdGenerator: undefined` and `enableJsonResponse: true`, with the same checks
 * (Accept, JSON-RPC message, MCP-Protocol-Version) and the same answers, on the body the
 * service's JSON parser already read. The SDK's transport converts every Node request and
 * response to web-standard ones and back through @hono/node-server, which cost about five
 * times a whole `GET /v1/me` (docs/performance.md); this one hands the message to the SDK's
 * Server (Transport, the SDK's interface for transports) and returns its answer. No session,
 * no event stream: a server-to-client message that answers no request of this POST is dropped,
 * as the SDK's transport drops it in this mode.
 */
export class StatelessJsonTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  private readonly waiting = new Map<RequestId, (answer: JSONRPCMessage) => void>();
  private closed = false;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.waiting.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('result' in message || 'error' in message) || message.id === undefined) return;
    const answer = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    answer?.(message);
  }

  /** One POST's headers and parsed body: the message goes to the Server, and its answer comes back. */
  async post(headers: IncomingHttpHeaders, body: unknown): Promise<PostAnswer> {
    const read = readPost(headers, body);
    return 'refused' in read ? read.refused : this.deliver(read.message);
  }

  /** A message readPost accepted goes to the Server: a request's answer comes back (200), a notification has none (202). */
  async deliver(message: JSONRPCMessage): Promise<PostAnswer> {
    if (!isRequest(message)) {
      this.onmessage?.(message);
      return { status: 202 };
    }
    const answered = new Promise<JSONRPCMessage>((resolve) => this.waiting.set(message.id, resolve));
    this.onmessage?.(message);
    return { status: 200, body: await answered };
  }
}

/**
 * The checks of one POST before its message reaches a Server, in the SDK transport's order and
 * with its answers: the Accept header, the JSON-RPC message, the MCP-Protocol-Version header.
 */
export function readPost(headers: IncomingHttpHeaders, body: unknown): { refused: PostAnswer } | { message: JSONRPCMessage } {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return { refused: refusal(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream') };
  }
  const parsed = JSONRPCMessageSchema.safeParse(body);
  if (!parsed.success) return { refused: refusal(400, -32700, 'Parse error: Invalid JSON-RPC message') };
  const message = parsed.data;
  const version = headers['mcp-protocol-version'];
  if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version) && !isInitialize(message)) {
    return {
      refused: refusal(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      ),
    };
  }
  return { message };
}
