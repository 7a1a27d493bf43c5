import { JsonText } from '../../../common/http/json-text';
import { SystemClock } from '../../../common/ports/clock';
import { type JSONRPCMessage, LATEST_PROTOCOL_VERSION, RELATED_TASK_META_KEY } from '@modelcontextprotocol/sdk/types.js';
import type { Scope } from '../../../common/auth/scopes';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { callerWith, ID, meWith } from '../testing/callers';
import { McpServers, type ToolCallContext } from './mcp-servers';
import { StatelessJsonTransport } from './stateless-json.transport';
import type { ToolCalls } from './tool-calls';

/**
 * McpServers answers well-formed tools/list and tools/call requests without the SDK's Server
 * (docs/adr/0009): those answers must be the ones the Server gives for the same message, and
 * every other message must go to the Server. An SDK release that changes how its Server
 * dispatches, validates or answers these methods fails here.
 */

const ALL_SCOPES = ['profile:read', 'lists:read', 'lists:write', 'items:read', 'items:write'] as const;
const ME = meWith(ALL_SCOPES);
const ITEMS = {
  list: { id: ID, name: 'Groceries' },
  items: [{ id: ID, text: 'milk', completed: false, created_at: '2026-11-26T00:00:00.000Z', completed_at: null }],
};
const caller = callerWith;

/**
 * ToolCalls without the services: whoami answers ME, add_items a replay, get_items its page as
 * the JSON text the route's presenter writes, list_lists fails as a list the caller cannot see.
 */
const ran: string[] = [];
const calls = {
  call: (name: string) => {
    ran.push(name);
    if (name === 'whoami') return Promise.resolve({ data: ME });
    if (name === 'add_items') return Promise.resolve({ data: ITEMS, replayed: true });
    if (name === 'get_items') {
      return Promise.resolve({
        data: { list: ITEMS.list, count: ITEMS.items.length, sort: 'position', filtered: false, next_cursor: 'c' },
        json: new JsonText(JSON.stringify({ ...ITEMS, next_cursor: 'c' })),
      });
    }
    return Promise.reject(new ListNotFound());
  },
} as unknown as ToolCalls;

const servers = new McpServers(calls, new SystemClock());

/** The Server's answer to the message, as it is without the direct path: a Server of the caller's and our transport. */
async function viaServer(context: ToolCallContext, message: JSONRPCMessage) {
  const transport = new StatelessJsonTransport();
  await servers.serverFor(context).connect(transport);
  return transport.deliver(message);
}

const request = (method: string, params?: object, id: string | number = 7) =>
  ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }) as JSONRPCMessage;
const call = (name: string, args?: object, extra: object = {}, id?: string | number) =>
  request('tools/call', { name, ...(args ? { arguments: args } : {}), ...extra }, id);

beforeEach(() => {
  ran.length = 0;
});

describe('McpServers: the answers given without a Server are the Server’s', () => {
  const direct: Record<string, [readonly Scope[], JSONRPCMessage]> = {
    'tools/list, no params': [ALL_SCOPES, request('tools/list')],
    'tools/list, empty params, string id': [ALL_SCOPES, request('tools/list', {}, 'a')],
    'tools/list, a cursor and a progress token': [['profile:read'], request('tools/list', { cursor: 'x', _meta: { progressToken: 1 } })],
    'tools/list of a key with two scopes': [['lists:read', 'items:write'], request('tools/list')],
    'tools/call whoami': [ALL_SCOPES, call('whoami', {})],
    'tools/call whoami without arguments': [ALL_SCOPES, call('whoami')],
    'tools/call with a progress token': [ALL_SCOPES, call('whoami', {}, { _meta: { progressToken: 'p' } })],
    'tools/call of a failing tool (a tool error)': [ALL_SCOPES, call('list_lists', {})],
    'tools/call outside the key’s scopes (its 403 as a tool error)': [['profile:read'], call('create_list', { name: 'x' })],
    'tools/call answered with JSON text (a page of items)': [ALL_SCOPES, call('get_items', { list: 'Groceries' }, {}, 'p')],
    'tools/call answered as a replay (_meta)': [
      ALL_SCOPES,
      call('add_items', { list: 'Groceries', items: ['milk'], idempotency_key: 'k' }),
    ],
  };

  it.each(Object.keys(direct))('%s', async (name) => {
    const [scopes, message] = direct[name];
    const context = { caller: caller(scopes) };
    const mine = servers.answerDirectly(context, message);
    expect(mine).toBeDefined();
    const answer = await mine!;
    const theirs = await viaServer({ caller: caller(scopes) }, message);
    expect(theirs.status).toBe(200);
    // The same JSON text, field order included, as the controller writes it (JSON text as it is).
    const text = answer instanceof JsonText ? answer.text : JSON.stringify(answer);
    expect(text).toBe(JSON.stringify(theirs.body));
    expect(JSON.parse(text)).toEqual(theirs.body);
    expect(await servers.answer({ caller: caller(scopes) }, message)).toEqual({ status: 200, body: answer });
  });
});

describe('McpServers: a result carries its structuredContent as JSON text too (the MCP specification, structured content)', () => {
  const success: Record<string, JSONRPCMessage> = {
    'an object answer (whoami)': call('whoami', {}),
    'a page written as JSON text (get_items)': call('get_items', { list: 'Groceries' }),
    'a replay (add_items)': call('add_items', { list: 'Groceries', items: ['milk'], idempotency_key: 'k' }),
  };

  it.each(Object.keys(success))('%s: the summary, then the JSON of structuredContent, on both paths', async (name) => {
    const message = success[name];
    const direct = await servers.answerDirectly({ caller: caller(ALL_SCOPES) }, message)!;
    const viaTheServer = (await viaServer({ caller: caller(ALL_SCOPES) }, message)).body;
    for (const answer of [JSON.parse(direct instanceof JsonText ? direct.text : JSON.stringify(direct)), viaTheServer]) {
      const { content, structuredContent } = (
        answer as { result: { content: Array<{ type: string; text: string }>; structuredContent: object } }
      ).result;
      expect(content).toHaveLength(2);
      expect(content.map((block) => block.type)).toEqual(['text', 'text']);
      expect(content[0].text).toMatch(/^[^\n{]+$/);
      expect(JSON.parse(content[1].text)).toEqual(structuredContent);
    }
  });

  it('writes the JSON a presenter made as it is, and an object answer compactly', async () => {
    const page = (await servers.callTool({ caller: caller(ALL_SCOPES) }, 'get_items', { list: 'Groceries' })).content[1];
    expect(page).toEqual({ type: 'text', text: JSON.stringify({ ...ITEMS, next_cursor: 'c' }) });
    const me = (await servers.callTool({ caller: caller(ALL_SCOPES) }, 'whoami', {})).content[1];
    expect(me).toEqual({ type: 'text', text: JSON.stringify(ME) });
  });

  it('leaves a failure one text block: the API message, no structuredContent', async () => {
    for (const [scopes, name, args] of [
      [ALL_SCOPES, 'list_lists', {}],
      [['profile:read'], 'create_list', { name: 'x' }],
    ] as const) {
      const result = await servers.callTool({ caller: caller(scopes) }, name, args);
      expect(result.isError).toBe(true);
      expect(result.content).toHaveLength(1);
      expect(result.structuredContent).toBeUndefined();
    }
  });
});

describe('McpServers: every other message goes to the Server, and no tool runs before it does', () => {
  const toServer: Record<string, JSONRPCMessage> = {
    ping: request('ping'),
    initialize: request('initialize', {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'u', version: '1' },
    }),
    'a notification': { jsonrpc: '2.0', method: 'notifications/initialized' },
    'an unknown method': request('resources/list'),
    'an unknown tool': call('no_such_tool', {}),
    'invalid arguments': call('whoami', { extra: 1 }),
    'arguments that are no object': call('whoami', 'nope' as unknown as object),
    'no tool name': request('tools/call', { arguments: {} }),
    'task augmentation': call('whoami', {}, { task: { ttl: 1000 } }),
    'a related task in _meta': call('whoami', {}, { _meta: { [RELATED_TASK_META_KEY]: { taskId: 't' } } }),
    'a params field the handlers do not read': call('whoami', {}, { surprise: true }),
    'tools/list with a params field it does not know': request('tools/list', { page: 2 }),
  };

  it.each(Object.keys(toServer))('%s', async (name) => {
    const message = toServer[name];
    expect(servers.answerDirectly({ caller: caller(ALL_SCOPES) }, message)).toBeUndefined();
    expect(ran).toEqual([]);
    const answer = await servers.answer({ caller: caller(ALL_SCOPES) }, message);
    expect(answer).toEqual(await viaServer({ caller: caller(ALL_SCOPES) }, message));
  });

  it('answers an unknown tool and invalid arguments as the SDK’s invalid-params errors, without running a tool', async () => {
    expect((await servers.answer({ caller: caller(ALL_SCOPES) }, call('no_such_tool', {}))).body).toMatchObject({
      id: 7,
      error: { code: -32602, message: expect.stringContaining('Unknown tool: no_such_tool') },
    });
    expect((await servers.answer({ caller: caller(ALL_SCOPES) }, call('whoami', { extra: 1 }))).body).toMatchObject({
      id: 7,
      error: { code: -32602, message: expect.stringContaining('Invalid arguments for tool whoami') },
    });
    expect(ran).toEqual([]);
  });
});
