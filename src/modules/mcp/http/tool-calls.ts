import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/http/principal';
import { EventTools } from './event-tools';
import { ItemTools } from './item-tools';
import { ListTools } from './list-tools';
import { ProfileTools } from './profile-tools';
import type { ToolAnswer, ToolHandlers } from './tool-handlers';
import type { ToolInput, ToolName } from './tool-schemas';

/**
 * Each MCP tool as a thin call of the services the HTTP routes call, with the routes' own
 * validation (their DTOs, through the one validation path), presenters and idempotency store:
 * a tool's `data` is the route's, byte for byte, and its failures are the route's DomainErrors.
 * The handlers live with their resource (profile, lists, items, events) and meet here in one
 * table typed by the tools' names. Runs inside the request's async context (the caller's
 * principal, the request's mode), never detached from it.
 */
@Injectable()
export class ToolCalls {
  private readonly handlers: ToolHandlers;

  constructor(profile: ProfileTools, lists: ListTools, items: ItemTools, events: EventTools) {
    this.handlers = { ...profile.handlers, ...lists.handlers, ...items.handlers, ...events.handlers };
  }

  call<T extends ToolName>(name: T, caller: Principal, args: ToolInput<T>): Promise<ToolAnswer<T>> {
    const handler: ToolHandlers[T] = this.handlers[name];
    return handler(caller, args);
  }
}
