import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The SDK's own client over HTTP (Client + StreamableHTTPClientTransport), as an assistant
 * uses /mcp, for the MCP specs.
 */
export async function mcpClient(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }));
  return client;
}

/**
 * A tool's successful answer: its structuredContent (the route's `data`), after checking the
 * result's shape: two text blocks, the one-line summary and then the JSON of structuredContent
 * (API.md section 13, "Events, agents, limits"; the MCP specification's structured content).
 */
export function structured(result: Awaited<ReturnType<Client['callTool']>>): Record<string, unknown> {
  const tool = result as CallToolResult;
  if (tool.isError) throw new Error(`the tool failed: ${JSON.stringify(tool.content)}`);
  if (!tool.structuredContent) throw new Error('the tool answered no structuredContent');
  expect(tool.content.map((block) => block.type)).toEqual(['text', 'text']);
  const [summary, json] = tool.content as Array<{ type: 'text'; text: string }>;
  expect(summary.text).toMatch(/^[^\n]+$/);
  expect(JSON.parse(json.text)).toEqual(tool.structuredContent);
  return tool.structuredContent;
}

/** A tool's failure: its message (API.md section 11: `isError: true` and the API's message). */
export function toolFailure(result: Awaited<ReturnType<Client['callTool']>>): string {
  const tool = result as CallToolResult;
  if (!tool.isError) throw new Error(`the tool did not fail: ${JSON.stringify(tool.structuredContent)}`);
  expect(tool.content).toHaveLength(1);
  const [first] = tool.content;
  return first?.type === 'text' ? first.text : '';
}

/** The one-line summary a successful result carries. */
export function summaryOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = (result as CallToolResult).content;
  return first?.type === 'text' ? first.text : '';
}

/** Checks values against the tools' output schemas as tools/list states them (JSON Schema, draft 7). */
export function outputValidator(tools: readonly Tool[]) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
  return (name: string, value: unknown): string[] => {
    const validate = validators.get(name);
    if (!validate) return [`no output schema for ${name}`];
    return validate(value) ? [] : [ajv.errorsText(validate.errors)];
  };
}
