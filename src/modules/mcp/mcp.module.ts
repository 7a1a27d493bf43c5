import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ItemsModule } from '../items/items.module';
import { ListsModule } from '../lists/lists.module';
import { ProfileModule } from '../profile/profile.module';
import { McpController } from './http/mcp.controller';
import { EventTools } from './http/event-tools';
import { ItemTools } from './http/item-tools';
import { ListTools } from './http/list-tools';
import { McpServers } from './http/mcp-servers';
import { ProfileTools } from './http/profile-tools';
import { ToolCalls } from './http/tool-calls';

/**
 * The MCP server at /mcp (API.md section 11): tools that call the same services, presenters,
 * validation and idempotency store as the HTTP routes, behind the same global guards.
 */
@Module({
  imports: [ProfileModule, ListsModule, ItemsModule, EventsModule, IdempotencyModule],
  controllers: [McpController],
  providers: [ProfileTools, ListTools, ItemTools, EventTools, ToolCalls, McpServers],
})
export class McpModule {}
