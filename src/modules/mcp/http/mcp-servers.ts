import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type JSONRPCMessage,
  type JSONRPCResultResponse,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
  type RequestId,
  type Result,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MissingScope } from '../../../common/errors/domain-error';
import { describe, expectedFault } from '../../../common/http/envelope.filter';
import { JsonText } from '../../../common/http/json-text';
import { RepeatedFaults } from '../../../common/logging/repeated-faults';
import { Clock } from '../../../common/ports/clock';
import type { Principal } from '../../../common/http/principal';
import { type PostAnswer, StatelessJsonTransport } from './stateless-json.transport';
import { ToolCalls } from './tool-calls';
import { INPUTS, type ToolName } from './tool-schemas';
import { listedTool, type ToolDefinition, TOOLS, TOOLS_BY_NAME } from './tools';

const SERVER_INFO = { name: 'shared-todo-service', title: 'Shared to-do lists', version: '1.0.0' };

const INSTRUCTIONS =
  'Shared to-do lists: list_lists shows the lists you can see; get_items reads a list; find_items searches the items of ' +
  'every list (due dates, assignee "me", labels, priority, words); add_items, update_items, move_items, complete_items, ' +
  'reopen_items and remove_items change items (a list is named by its id or its name); get_changes follows what changed. ' +
  'Pass idempotency_key to add_items when you may retry.';

/** The call a tool's request is about, for the logs. */
export interface ToolCallContext {
  caller: Principal;
  /** The HTTP request's id (X-Request-Id), which the service's logs carry. */
  requestId?: unknown;
}

/** A tool's result as `run` makes it: its structuredContent is JSON text (a presenter's, ToolAnswer.json, or the data's), written once. */
type ToolResult = Pick<CallToolResult, '_meta' | 'content' | 'isError'> & {
  structuredContent?: CallToolResult['structuredContent'] | JsonText;
};

/** A tools/call the handler can run: its tool and its arguments as the tool's input schema parsed them, or its refusal. */
type ResolvedCall = { tool: ToolDefinition; args: unknown } | { refused: CallToolResult };

/** The params a tools/list or tools/call may carry for McpServers.answer to answer it without a Server (no task augmentation). */
const LIST_PARAMS = new Set(['cursor', '_meta']);
const CALL_PARAMS = new Set(['name', 'arguments', '_meta']);
const META = new Set(['progressToken']);

const onlyKeys = (value: unknown, allowed: Set<string>): boolean =>
  value === undefined || (value !== null && typeof value === 'object' && Object.keys(value).every((key) => allowed.has(key)));

/** The request's params hold only the fields the handlers read, and a `_meta` with a progress token at most. */
const plainParams = (params: unknown, allowed: Set<string>): boolean =>
  onlyKeys(params, allowed) && onlyKeys((params as { _meta?: unknown } | undefined)?._meta, META);

/**
 * The answer the SDK's Protocol sends for a handler's result, field for field. A result whose
 * structuredContent is JSON text is written as text around it: the same bytes JSON.stringify
 * gives for the answer with that content parsed (mcp-servers.spec.ts), without parsing it.
 */
function answered(id: RequestId, result: Result | ToolResult): JSONRPCResultResponse | JsonText {
  if (!(result.structuredContent instanceof JsonText)) return { result, jsonrpc: '2.0', id };
  const { structuredContent, ...rest } = result;
  // `rest` holds `content` at least, so its text ends in the `}` that closes a non-empty object.
  return new JsonText(
    `{"result":${JSON.stringify(rest).slice(0, -1)},"structuredContent":${structuredContent.text}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`,
  );
}

/** A tool result that reports a failure in the API's words (API.md section 11). */
export const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/**
 * The service's MCP server: the SDK's low-level Server, one per request (the transport is
 * stateless: each Server is bound to its caller), with two handlers. tools/list answers only
 * the tools the key's scopes permit, from definitions made once per scope set; tools/call
 * checks the tool's scope (the route's 403 in words), then its arguments' schema (the SDK's
 * invalid-params error), then runs the tool (ToolCalls) and answers its `data` as
 * structuredContent, with two text blocks: a one-line summary, then the same `data` as JSON
 * text (the MCP specification asks a tool that returns structured content to return it as
 * serialized JSON too, for clients that read only text). McpServer's registerTool would list every
 * registered tool and answer a tool outside the key's scopes as unknown, and it converts every
 * schema again on each tools/list.
 *
 * A well-formed tools/list or tools/call whose tool runs is answered by the same handlers
 * without a Server (`answer`, docs/adr/0009): the Server's dispatch of one message (its
 * construction, an AbortController, five zod parses of the request, two of them failing, and
 * one of the result) costs about what the whole GET /v1/me costs. Every other message
 * (initialize, ping, notifications, an unknown tool, invalid arguments, task augmentation) goes
 * to a Server, which answers it in the SDK's own words; mcp-servers.spec.ts holds the direct
 * answers equal to the Server's.
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

  /** Tool calls answered "unavailable" while the database is away: the first logged, the rest summarised. */
  private readonly faults: RepeatedFaults;

  constructor(
    private readonly calls: ToolCalls,
    clock: Clock,
  ) {
    this.faults = new RepeatedFaults(clock, this.logger);
  }

  /** The answer to one message readPost accepted: the handlers' own, or a Server's (see above). */
  async answer(context: ToolCallContext, message: JSONRPCMessage): Promise<PostAnswer> {
    const direct = this.answerDirectly(context, message);
    if (direct) return { status: 200, body: await direct };
    const transport = new StatelessJsonTransport();
    await this.serverFor(context).connect(transport);
    return transport.deliver(message);
  }

  /**
   * A tools/list or tools/call request as the Server would hand it to the handler (the SDK's
   * schema of the method accepts it; no task augmentation) and, for a call, a known tool with
   * valid arguments: the handler's answer. Undefined when a Server must answer.
   */
  answerDirectly(context: ToolCallContext, message: JSONRPCMessage): Promise<JSONRPCResultResponse | JsonText> | undefined {
    if (!('method' in message && 'id' in message)) return undefined;
    if (message.method === 'tools/list') {
      if (!plainParams(message.params, LIST_PARAMS) || !ListToolsRequestSchema.safeParse(message).success) return undefined;
      return Promise.resolve(answered(message.id, this.toolsFor(context.caller)));
    }
    if (message.method !== 'tools/call' || !plainParams(message.params, CALL_PARAMS)) return undefined;
    const request = CallToolRequestSchema.safeParse(message);
    if (!request.success) return undefined;
    let call: ResolvedCall;
    try {
      call = this.resolve(context, request.data.params.name, request.data.params.arguments);
    } catch (error) {
      // An unknown tool or invalid arguments: the Server answers them with the SDK's own error.
      if (error instanceof McpError) return undefined;
      throw error;
    }
    return this.run(context, call).then((result) => answered(message.id, result));
  }

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

  /** A tools/call as the Server's handler answers it: the SDK parses the result, so content written as text is parsed first. */
  async callTool(context: ToolCallContext, name: string, args: unknown): Promise<CallToolResult> {
    const result = await this.run(context, this.resolve(context, name, args));
    const { structuredContent } = result;
    return structuredContent instanceof JsonText
      ? { ...result, structuredContent: JSON.parse(structuredContent.text) as CallToolResult['structuredContent'] }
      : (result as CallToolResult);
  }

  /** The tool and its parsed arguments, or the refusal of a tool outside the key's scopes; an unknown tool or invalid arguments throw the SDK's invalid-params error. */
  private resolve(context: ToolCallContext, name: string, args: unknown): ResolvedCall {
    const tool = TOOLS_BY_NAME.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    if (!context.caller.scopes.includes(tool.scope)) return { refused: toolError(new MissingScope(tool.scope).message) };
    const parsed = INPUTS[tool.name].safeParse(args ?? {});
    if (!parsed.success) {
      throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${z.prettifyError(parsed.error)}`);
    }
    return { tool, args: parsed.data };
  }

  /** Runs a resolved call: the tool's data and summary, or its failure as a tool error. */
  private async run(context: ToolCallContext, call: ResolvedCall): Promise<ToolResult> {
    if ('refused' in call) return call.refused;
    const { tool } = call;
    try {
      const answer = await this.calls.call(tool.name, context.caller, call.args as never);
      const summary = (tool.summary as (data: unknown) => string)(answer.data);
      // The data is written as JSON text once: it is both the second text block and structuredContent.
      const json = answer.json ?? new JsonText(JSON.stringify(answer.data));
      // Fields in the order the SDK's result schema writes them, so that both paths answer the same text.
      return {
        ...(answer.replayed ? { _meta: { idempotent_replayed: true } } : {}),
        content: [
          { type: 'text', text: answer.replayed ? `${summary} (a replay of the first call with this idempotency_key)` : summary },
          { type: 'text', text: json.text },
        ],
        structuredContent: json,
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
      const fault = expectedFault(error);
      this.faults.warn(
        fault.kind,
        'tool calls answered unavailable',
        { reqId: context.requestId, tool, cause: fault.cause },
        `${fault.kind}: tool call answered unavailable`,
      );
    }
    return toolError(described.message);
  }
}
