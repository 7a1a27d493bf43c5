import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MissingScope } from '../../../common/errors/domain-error';
import { describe } from '../../../common/http/envelope.filter';
import type { Principal } from '../../../common/http/principal';
import { ToolCalls } from './tool-calls';
import { INPUTS, type ToolName } from './tool-schemas';
import { listedTool, TOOLS, TOOLS_BY_NAME } from './tools';

const SERVER_INFO = { name: 'shared-todo-service', title: 'Shared to-do lists', version: '1.0.0' };

const INSTRUCTIONS =
  'Shared to-do lists: list_lists shows the lists you can see; get_items reads a list; add_items, complete_items, ' +
  'reopen_items and remove_items change its items (a list is named by its id or its name); get_changes follows what changed. ' +
  'Pass idempotency_key to add_items when you may retry.';

/** The call a tool's request is about, for the logs. */
export interface ToolCallContext {
  caller: Principal;
  /** The HTTP request's id (X-Request-Id), which the service's logs carry. */
  requestId?: unknown;
  /** JSON text the store rendered, which the answer's text carries in place of `placeholder` (ToolAnswer.rendered). */
  rendered?: { placeholder: string; json: string };
}

/** A tool result that reports a failure in the API's words (API.md section 11). */
export const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/**
 * The MCP server of one request (the transport is stateless: one server per HTTP request, bound
 * to its caller), on the SDK's low-level Server: tools/list answers only the tools the key's
 * scopes permit, from definitions made once per scope set; tools/call checks the tool's scope
 * (the route's 403 in words), then its arguments' schema (the SDK's invalid-params error), then
 * runs the tool (ToolCalls) and answers its `data` as structuredContent with a one-line summary.
 * McpServer's registerTool would list every registered tool and answer a tool outside the key's
 * scopes as unknown, and it converts every schema again on each tools/list.
 */
@Injectable()
export class McpServers {
  private readonly logger = new Logger('Mcp');
  private readonly listed = new Map(TOOLS.map((tool) => [tool.name, listedTool(tool)]));
  private readonly toolLists = new Map<string, ListToolsResult>();
  /**
   * The SDK's Server makes an Ajv instance of its own unless given one (for elicitations, which
   * this server never sends): one for all requests, as building it costs more than a tool call.
   */
  private readonly jsonSchemaValidator = new AjvJsonSchemaValidator();

  constructor(private readonly calls: ToolCalls) {}

  serverFor(context: ToolCallContext): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: this.jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => this.toolsFor(context.caller));
    server.setRequestHandler(CallToolRequestSchema, (request) => this.callTool(context, request.params.name, request.params.arguments));
    return server;
  }

  /** The tools the key's scopes permit, in the contract's order. */
  toolsFor(caller: Principal): ListToolsResult {
    const key = [...caller.scopes].sort().join(' ');
    let list = this.toolLists.get(key);
    if (!list) {
      list = { tools: TOOLS.filter((tool) => caller.scopes.includes(tool.scope)).map((tool) => this.listed.get(tool.name)!) };
      this.toolLists.set(key, list);
    }
    return list;
  }

  async callTool(context: ToolCallContext, name: string, args: unknown): Promise<CallToolResult> {
    const tool = TOOLS_BY_NAME.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    if (!context.caller.scopes.includes(tool.scope)) return toolError(new MissingScope(tool.scope).message);
    const parsed = INPUTS[tool.name].safeParse(args ?? {});
    if (!parsed.success) {
      throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${z.prettifyError(parsed.error)}`);
    }
    try {
      const answer = await this.calls.call(tool.name, context.caller, parsed.data);
      if (answer.rendered) context.rendered = answer.rendered;
      const summary = (tool.summary as (data: unknown) => string)(answer.data);
      return {
        content: [{ type: 'text', text: answer.replayed ? `${summary} (a replay of the first call with this idempotency_key)` : summary }],
        structuredContent: answer.data,
        ...(answer.replayed ? { _meta: { idempotent_replayed: true } } : {}),
      };
    } catch (error) {
      return this.failed(context, tool.name, error);
    }
  }

  /** A failure in the words the route's envelope would use; unexpected ones are logged and answered generically. */
  private failed(context: ToolCallContext, tool: ToolName, error: unknown): CallToolResult {
    const described = describe(error);
    if (described.unexpected) this.logger.error({ err: error, reqId: context.requestId, tool }, 'unexpected failure');
    else if (described.status === Number(HttpStatus.SERVICE_UNAVAILABLE)) {
      this.logger.warn({ reqId: context.requestId, tool, cause: (error as Error)?.message }, 'database unavailable');
    }
    return toolError(described.message);
  }
}
