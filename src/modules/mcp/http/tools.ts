import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Scope } from '../../../common/auth/scopes';
import type { ToolFacts } from './tool-handlers';
import { INPUTS, OUTPUTS, type ToolName } from './tool-schemas';

/** One MCP tool: what tools/list states of it, the scope its route needs, and its one-line summary. */
export interface ToolDefinition<T extends ToolName = ToolName> {
  name: T;
  title: string;
  description: string;
  /** The scope of the HTTP route the tool calls (API.md section 6). */
  scope: Scope;
  annotations: ToolAnnotations;
  summary(data: ToolFacts<T>): string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const read = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } satisfies ToolAnnotations;
const write = (annotations: Omit<ToolAnnotations, 'readOnlyHint'>): ToolAnnotations => ({
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
  ...annotations,
});
const more = (cursor: string | null) => (cursor ? '; more follow (pass next_cursor as cursor)' : '');
/** How a page of items is ordered, by its `sort`, in words. */
const ORDERS: Readonly<Record<string, string>> = {
  position: 'in list order',
  due: 'soonest due first',
  created: 'oldest first',
  updated: 'most recently updated first',
  priority: 'highest priority first',
};
/** A page's view in words: the next page of a cursor's view, or the filters and the order. */
const viewed = (sort: string | null, filtered: boolean) =>
  sort === null ? ', the next page' : `${filtered ? ' matching the filters' : ''}, ${ORDERS[sort]}`;

type Definitions = { [T in ToolName]: Omit<ToolDefinition<T>, 'name'> };

/**
 * The tools of API.md section 11, each the twin of one HTTP route (the route's scope, its
 * `data` as structuredContent). Annotations as the contract gives them; `openWorldHint` is true
 * only for invite_member, which mails someone outside the service.
 */
const DEFINITIONS: Definitions = {
  whoami: {
    title: 'Who am I',
    description: "The account and API key in use: the key's scopes, lists, expiry and addresses (GET /v1/me).",
    scope: 'profile:read',
    annotations: { ...read, title: 'Who am I' },
    summary: (me) => `Signed in as ${me.username} (${me.email}); this key holds ${me.scopes.join(', ')}`,
  },
  list_lists: {
    title: 'List lists',
    description: 'The lists you own or are a member of, oldest first, with your role and item counts (GET /v1/lists).',
    scope: 'lists:read',
    annotations: { ...read, title: 'List lists' },
    summary: ({ lists, next_cursor }) =>
      `${plural(lists.length, 'list')}${lists.length ? `: ${lists.map((l) => `"${l.name}"`).join(', ')}` : ''}${more(next_cursor)}`,
  },
  create_list: {
    title: 'Create a list',
    description: 'Creates a list you own (POST /v1/lists). Names are unique per owner, compared case-insensitively.',
    scope: 'lists:write',
    annotations: write({ title: 'Create a list' }),
    summary: ({ list }) => `Created the list "${list.name}" (${list.id})`,
  },
  get_items: {
    title: 'Get items',
    description:
      "A page of the items of a list, in the list's order unless sorted; filter by status, due dates, assignee, label, " +
      'priority or words (GET /v1/lists/:id/items).',
    scope: 'items:read',
    annotations: { ...read, title: 'Get items' },
    summary: ({ list, count, sort, filtered, next_cursor }) =>
      `${plural(count, 'item')} of "${list.name}"${viewed(sort, filtered)}${more(next_cursor)}`,
  },
  find_items: {
    title: 'Find items',
    description:
      'Items across every list you can see (or one list), soonest due first unless sorted; filter by status, due dates, ' +
      'assignee ("me"), label, priority or words, e.g. what is due this week and assigned to me (GET /v1/items).',
    scope: 'items:read',
    annotations: { ...read, title: 'Find items' },
    summary: ({ count, lists, sort, filtered, next_cursor }) =>
      `${plural(count, 'item')} in ${plural(lists.length, 'list')}${viewed(sort, filtered)}${more(next_cursor)}`,
  },
  add_items: {
    title: 'Add items',
    description:
      'Adds items to a list, in order (POST /v1/actions/add). Not idempotent unless idempotency_key is given: ' +
      'a retry with the same key and arguments returns the first answer and adds nothing.',
    scope: 'items:write',
    annotations: write({ title: 'Add items' }),
    summary: ({ list, items }) => `Added ${plural(items.length, 'item')} to "${list.name}"`,
  },
  update_items: {
    title: 'Update items',
    description:
      'Changes fields of items given by id or text (text, notes, due, priority, labels, assignee), the same change on each; ' +
      'all or nothing (POST /v1/actions/update).',
    scope: 'items:write',
    annotations: write({ title: 'Update items', idempotentHint: true }),
    summary: ({ list, items }) => `Updated ${plural(items.length, 'item')} in "${list.name}"`,
  },
  move_items: {
    title: 'Move items',
    description:
      'Moves items given by id or text, as a block in the given order, before or after an item, to the top or to the bottom ' +
      '(default), within their list or to another one (to_list) keeping their ids and history; all or nothing (POST /v1/actions/move).',
    scope: 'items:write',
    annotations: write({ title: 'Move items', idempotentHint: true }),
    summary: ({ list, items }) => `Moved ${plural(items.length, 'item')}, now in "${list.name}"`,
  },
  complete_items: {
    title: 'Complete items',
    description: 'Marks items done, given by id or text; all or nothing (POST /v1/actions/complete).',
    scope: 'items:write',
    annotations: write({ title: 'Complete items', idempotentHint: true }),
    summary: ({ list, items }) => `Completed ${plural(items.length, 'item')} in "${list.name}"`,
  },
  reopen_items: {
    title: 'Reopen items',
    description: 'Marks completed items open again, given by id or text; all or nothing (POST /v1/actions/reopen).',
    scope: 'items:write',
    annotations: write({ title: 'Reopen items', idempotentHint: true }),
    summary: ({ list, items }) => `Reopened ${plural(items.length, 'item')} in "${list.name}"`,
  },
  remove_items: {
    title: 'Remove items',
    description: 'Deletes items for good, given by id or text; answers them as they were; all or nothing (POST /v1/actions/remove).',
    scope: 'items:write',
    annotations: write({ title: 'Remove items', destructiveHint: true }),
    summary: ({ list, items }) => `Removed ${plural(items.length, 'item')} from "${list.name}"`,
  },
  invite_member: {
    title: 'Invite a member',
    description:
      'Invites an email address to a list you own, as editor or viewer; the invitation is mailed (POST /v1/lists/:id/invitations).',
    scope: 'lists:write',
    annotations: write({ title: 'Invite a member', openWorldHint: true }),
    summary: ({ invitation }) => `Invited ${invitation.invitee.email} to "${invitation.list.name}" as ${invitation.role}`,
  },
  get_changes: {
    title: 'Get changes',
    description:
      'The change feed of the lists you can see, oldest first (GET /v1/events). Call again with next_cursor as `after` ' +
      'to receive only newer events; `after: "now"` marks the present.',
    scope: 'lists:read',
    annotations: { ...read, title: 'Get changes' },
    summary: ({ events }) => `${plural(events.length, 'event')}${events.length ? `, the last ${events[events.length - 1].type}` : ''}`,
  },
};

export const TOOLS: readonly ToolDefinition[] = (Object.keys(DEFINITIONS) as ToolName[]).map((name) => ({ name, ...DEFINITIONS[name] }));

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** Each tool's scope, as the MCP route declares them (@RequireScopePerOperation). */
export const TOOL_SCOPES: Readonly<Record<ToolName, Scope>> = Object.fromEntries(TOOLS.map((tool) => [tool.name, tool.scope])) as Record<
  ToolName,
  Scope
>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'draft-7', io }) as Tool['inputSchema'];

/** What tools/list says of a tool; made once per tool, as the schemas never change. */
export const listedTool = (tool: ToolDefinition): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: jsonSchema(INPUTS[tool.name], 'input'),
  outputSchema: jsonSchema(OUTPUTS[tool.name], 'output'),
  annotations: tool.annotations,
});
