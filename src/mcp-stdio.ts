#!/usr/bin/env node
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP server for desktop assistants that start their servers as local programs (stdio):
 * `TODO_API_URL` (the running service, e.g. http://localhost:3000) and `TODO_API_KEY` (an API
 * key) in the environment; `todo-mcp` in package.json's `bin`. It is an MCP client of the
 * service's own /mcp and forwards tools/list and tools/call to it as they are, so the tools,
 * their schemas, the key's scopes, lists and rate limit, and every answer are the service's.
 * Its log lines go to stderr: stdout carries the protocol.
 */

const say = (line: string) => process.stderr.write(`todo-mcp: ${line}\n`);

function endpoint(): URL {
  const base = process.env.TODO_API_URL;
  if (!base) throw new Error('TODO_API_URL is not set: the address of the running service, e.g. http://localhost:3000');
  const url = new URL(base);
  if (!url.pathname.endsWith('/mcp')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/mcp`;
  return url;
}

/** The service's refusal in the words an assistant can act on; the HTTP status says which. */
function forwarded(error: unknown): unknown {
  if (error instanceof McpError) return error;
  if (error instanceof StreamableHTTPError) {
    const hint = error.code === 401 ? ' (check TODO_API_KEY: missing, revoked or expired)' : '';
    return new McpError(ErrorCode.InternalError, `The service answered HTTP ${error.code}${hint}: ${error.message}`, {
      status: error.code,
    });
  }
  return new McpError(ErrorCode.InternalError, `The service cannot be reached at ${process.env.TODO_API_URL}: ${String(error)}`);
}

async function main(): Promise<void> {
  const key = process.env.TODO_API_KEY;
  if (!key) throw new Error('TODO_API_KEY is not set: an API key of the service (sk_live_… or sk_test_…)');
  const remote = new Client({ name: 'todo-mcp', version: '1.0.0' });
  await remote.connect(new StreamableHTTPClientTransport(endpoint(), { requestInit: { headers: { 'X-API-Key': key } } }));

  const info = remote.getServerVersion();
  const server = new Server(
    { name: info?.name ?? 'shared-todo-service', version: info?.version ?? '1.0.0' },
    { capabilities: { tools: {} }, instructions: remote.getInstructions() },
  );
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    try {
      return await remote.listTools(request.params);
    } catch (error) {
      throw forwarded(error);
    }
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await remote.callTool(request.params);
    } catch (error) {
      throw forwarded(error);
    }
  });
  const closeBoth = () => void remote.close().finally(() => process.exit(0));
  server.onclose = closeBoth;
  await server.connect(new StdioServerTransport());
  say(`forwarding to ${endpoint().href}`);
}

main().catch((error: unknown) => {
  say(error instanceof StreamableHTTPError ? `the service refused the connection (HTTP ${error.code}): ${error.message}` : String(error));
  process.exit(1);
});
