import { Controller, Delete, Get, HttpStatus, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AcceptBearerKey, RequireScopePerOperation } from '../../../common/http/decorators';
import { noteBody } from '../../../common/http/captured-body';
import { JsonText } from '../../../common/http/json-text';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { sendJsonRpcError } from './json-rpc';
import { McpExceptionFilter } from './mcp-exception.filter';
import { McpServers, type ToolCallContext } from './mcp-servers';
import { ApiMcpMethodNotAllowed, ApiMcpPostResponses } from './mcp.responses';
import { readPost } from './stateless-json.transport';
import { TOOL_SCOPES } from './tools';

/**
 * The Model Context Protocol server (API.md section 11): Streamable HTTP, stateless, JSON
 * answers, on the official SDK's Server (McpServers) and a transport of the same mode
 * (StatelessJsonTransport, whose checks readPost makes). Every request passes the global guards like any keyed route
 * (its key as X-API-Key or `Authorization: Bearer`, its addresses, its rate limit: one request
 * counted per HTTP request); each tool then needs the scope of its route, which tools/list and
 * tools/call check (McpServers). The guards' refusals are answered in MCP's shapes by
 * McpExceptionFilter.
 */
@ApiTags('mcp')
@Controller('mcp')
@RequireScopePerOperation(TOOL_SCOPES)
@AcceptBearerKey()
@UseFilters(McpExceptionFilter)
export class McpController {
  constructor(private readonly servers: McpServers) {}

  @Post()
  @ApiOperation({
    summary: 'MCP messages (initialize, tools/list, tools/call, …) as JSON-RPC; each tool needs the scope in x-operation-scopes',
  })
  @ApiMcpPostResponses()
  async post(@CurrentPrincipal() caller: Principal, @Req() request: Request & { id?: unknown }, @Res() response: Response): Promise<void> {
    const context: ToolCallContext = { caller, requestId: request.id };
    const read = readPost(request.headers, request.body);
    const answer = 'refused' in read ? read.refused : await this.servers.answer(context, read.message);
    response.statusCode = answer.status;
    if (answer.body === undefined) {
      response.end();
      return;
    }
    response.setHeader('Content-Type', 'application/json');
    const text = answer.body instanceof JsonText ? answer.body.text : JSON.stringify(answer.body);
    noteBody(response, text);
    response.end(text);
  }

  @Get()
  @ApiOperation({ summary: 'Not served: the MCP server is stateless and opens no event stream (405)' })
  @ApiMcpMethodNotAllowed()
  stream(@Res() response: Response): void {
    methodNotAllowed(response);
  }

  @Delete()
  @ApiOperation({ summary: 'Not served: the MCP server is stateless and has no session to end (405)' })
  @ApiMcpMethodNotAllowed()
  endSession(@Res() response: Response): void {
    methodNotAllowed(response);
  }
}

function methodNotAllowed(response: Response): void {
  response.setHeader('Allow', 'POST');
  sendJsonRpcError(
    response,
    { status: HttpStatus.METHOD_NOT_ALLOWED, message: 'Method not allowed: the MCP server is stateless; use POST' },
    undefined,
  );
}
