import { SystemClock } from '../../../common/ports/clock';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  type JSONRPCMessage,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { IncomingHttpHeaders } from 'node:http';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { callerWith, meWith } from '../testing/callers';
import { McpServers } from './mcp-servers';
import { StatelessJsonTransport } from './stateless-json.transport';
import type { ToolCalls } from './tool-calls';

/**
 * What StatelessJsonTransport relies on in @modelcontextprotocol/sdk (docs/adr/0008): the SDK's
 * `Transport` interface as its Server drives it, its Client's handshake, and the checks and
 * answers of the SDK's own Streamable HTTP transport, which ours repeats. An SDK release that
 * changes any of these fails here, before the e2e specs.
 */

const ACCEPT = 'application/json, text/event-stream';
const SCOPES = ['profile:read', 'lists:read'] as const;
const ME = meWith(SCOPES);
const CALLER = callerWith(SCOPES);

/** ToolCalls without the services: whoami answers ME, list_lists fails as a list the caller cannot see. */
const calls = {
  call: (name: string) => (name === 'whoami' ? Promise.resolve({ data: ME }) : Promise.reject(new ListNotFound())),
} as unknown as ToolCalls;

const servers = new McpServers(calls, new SystemClock());

/** One POST as McpController handles it: a Server of the caller's and our transport, both new. */
async function ours(headers: IncomingHttpHeaders, body: unknown) {
  const transport = new StatelessJsonTransport();
  await servers.serverFor({ caller: CALLER }).connect(transport);
  return transport.post(headers, body);
}

/** The same POST through the SDK's transport in the mode ours repeats (stateless, JSON answers). */
async function sdks(headers: IncomingHttpHeaders, body: unknown) {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await servers.serverFor({ caller: CALLER }).connect(transport);
  const request = new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(headers as Record<string, string>) },
    body: JSON.stringify(body),
  });
  const response = await transport.handleRequest(request, { parsedBody: body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as object) : undefined };
}

/** The SDK's Client on our transport, in process: each message it sends is one POST, as over HTTP. */
class InProcessClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  protocolVersion?: string;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const headers = { accept: ACCEPT, ...(this.protocolVersion ? { 'mcp-protocol-version': this.protocolVersion } : {}) };
    const answer = await ours(headers, JSON.parse(JSON.stringify(message)));
    if (answer.body) this.onmessage?.(answer.body as JSONRPCMessage);
  }
}

describe("StatelessJsonTransport, against the SDK's Client and the SDK's own transport", () => {
  let client: Client;
  let transport: InProcessClientTransport;

  beforeAll(async () => {
    transport = new InProcessClientTransport();
    client = new Client({ name: 'unit', version: '1' });
    await client.connect(transport);
  });
  afterAll(() => client.close());

  it("completes the SDK Client's initialize, on a protocol version the SDK supports", () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'shared-todo-service' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/list_lists/);
    expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(SUPPORTED_PROTOCOL_VERSIONS).toContain(transport.protocolVersion);
  });

  it("answers the Client's tools/list with the caller's tools only, and its tools/call with the tool's result", async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['whoami', 'list_lists', 'get_changes']);
    const result = (await client.callTool({ name: 'whoami', arguments: {} })) as CallToolResult;
    expect(result.structuredContent).toEqual(ME);
    expect(result.isError).toBeUndefined();
  });

  it('answers a failing tool as a tool error, a tool outside the scopes as its 403 message, an unknown tool as invalid params', async () => {
    expect(await client.callTool({ name: 'list_lists', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: new ListNotFound().message }],
    });
    expect(await client.callTool({ name: 'create_list', arguments: { name: 'x' } })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'This API key lacks the lists:write scope' }],
    });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  describe("answers as the SDK's StreamableHTTP transport (stateless, JSON answers) does", () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const cases: Record<string, [IncomingHttpHeaders, unknown]> = {
      initialize: [{ accept: ACCEPT }, initialize],
      'initialize at an unknown version': [
        { accept: ACCEPT },
        { ...initialize, params: { ...initialize.params, protocolVersion: '1999-01-01' } },
      ],
      'tools/list': [
        { accept: ACCEPT, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
        { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
      ],
      'tools/call': [{ accept: ACCEPT }, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }],
      'an unknown method': [{ accept: ACCEPT }, { jsonrpc: '2.0', id: 3, method: 'resources/list' }],
      'a notification': [{ accept: ACCEPT }, { jsonrpc: '2.0', method: 'notifications/initialized' }],
      'an Accept without event streams': [{ accept: 'application/json' }, initialize],
      'an unsupported protocol version': [
        { accept: ACCEPT, 'mcp-protocol-version': '1999-01-01' },
        { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      ],
      'a body that is no JSON-RPC message': [{ accept: ACCEPT }, { hello: 'world' }],
    };

    /** Our refusals add the HTTP status as `error.data` (json-rpc.ts); the rest must be the SDK's. */
    const withoutData = (body: object | undefined) => {
      if (!body || !('error' in body)) return body;
      const { data: _data, ...error } = (body as { error: Record<string, unknown> }).error;
      return { ...body, error };
    };

    it.each(Object.keys(cases))('%s', async (name) => {
      const [headers, body] = cases[name];
      const [mine, theirs] = await Promise.all([ours(headers, body), sdks(headers, body)]);
      expect({ status: mine.status, body: withoutData(mine.body) }).toEqual(theirs);
    });
  });
});
