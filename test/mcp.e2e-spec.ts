import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { DataSource } from 'typeorm';
import { SCOPES } from '../src/common/auth/scopes';
import { KeysService } from '../src/modules/keys/domain/keys.service';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { makeUserWithKey } from './factories/make-user';
import { client, listsWorld, makeCaller, type Caller } from './support/lists-client';
import { waitFor } from './support/wait-for';
import { mcpClient, outputValidator, structured, summaryOf, toolFailure } from './support/mcp-client';
import { mailTo } from './support/mail-reader';
import { listen } from './support/portal-client';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';
import { Clock } from '../src/common/ports/clock';

const TOOL_NAMES = [
  'whoami',
  'list_lists',
  'create_list',
  'get_items',
  'find_items',
  'add_items',
  'update_items',
  'move_items',
  'complete_items',
  'reopen_items',
  'remove_items',
  'invite_member',
  'get_changes',
];

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** One raw POST /mcp, as a client that reads statuses and headers itself. */
async function post(base: string, headers: Record<string, string>, body: unknown = INITIALIZE) {
  const res = await fetch(new URL('/mcp', base), { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

describe('MCP server at /mcp (API.md section 11), through the SDK client over HTTP', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const world = listsWorld(t);
  let base: string;
  let owner: Caller;
  let viewer: Caller;
  let mcp: Client;
  let tools: Tool[];
  const open: Client[] = [];

  const connect = async (key: string, header: 'X-API-Key' | 'Authorization' = 'X-API-Key') => {
    const c = await mcpClient(base, { [header]: header === 'Authorization' ? `Bearer ${key}` : key });
    open.push(c);
    return c;
  };
  const http = (c: Caller) => client(t.server, c.key);

  beforeAll(async () => {
    base = await listen(t.app);
    [owner, viewer] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
    mcp = await connect(owner.key);
    tools = (await mcp.listTools()).tools;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
  });

  describe('the protocol', () => {
    it('is stateless: initialize issues no Mcp-Session-Id, and a tools/call needs no initialize first', async () => {
      const init = await post(base, { 'X-API-Key': owner.key });
      expect(init.status).toBe(200);
      expect(init.headers.get('mcp-session-id')).toBeNull();
      expect(init.body.result.capabilities.tools).toBeDefined();
      const call = await post(
        base,
        { 'X-API-Key': owner.key },
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
      );
      expect(call.status).toBe(200);
      expect(call.body.result.structuredContent.id).toBe(owner.id);
    });

    it('answers a tool call with two text blocks, the summary and then the JSON of structuredContent, for clients that read only text', async () => {
      const list = await world.createList(owner);
      await http(owner)
        .post('/v1/actions/add', { list: list.id, items: ['milk', 'tea'] })
        .expect(200);
      const page = (await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data;
      for (const [name, args, data] of [
        ['whoami', {}, (await http(owner).get('/v1/me').expect(200)).body.data],
        ['get_items', { list: list.name }, page],
      ] as const) {
        const { status, body } = await post(
          base,
          { 'X-API-Key': owner.key },
          { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name, arguments: args } },
        );
        expect(status).toBe(200);
        const { content, structuredContent } = body.result as {
          content: Array<{ type: string; text: string }>;
          structuredContent: unknown;
        };
        expect(content.map((block) => block.type)).toEqual(['text', 'text']);
        expect(content[0].text).not.toContain('\n');
        expect(JSON.parse(content[1].text)).toEqual(data);
        expect(structuredContent).toEqual(data);
      }
    });

    it('lists every tool of section 11 for a full key, each with input and output schemas and the contract annotations', () => {
      expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
      const reads = ['whoami', 'list_lists', 'get_items', 'find_items', 'get_changes'];
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.description).toBeTruthy();
        const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations ?? {};
        expect({ tool: tool.name, readOnlyHint, destructiveHint }).toEqual({
          tool: tool.name,
          readOnlyHint: reads.includes(tool.name),
          destructiveHint: tool.name === 'remove_items',
        });
        if (!reads.includes(tool.name)) {
          expect({ tool: tool.name, idempotentHint }).toEqual({
            tool: tool.name,
            idempotentHint: ['update_items', 'move_items', 'complete_items', 'reopen_items'].includes(tool.name),
          });
        }
      }
    });

    it('answers GET and DELETE with 405 (no stream, no session) and malformed JSON with a JSON-RPC parse error', async () => {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(new URL('/mcp', base), { method, headers: { 'X-API-Key': owner.key, Accept: 'text/event-stream' } });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
        expect((await res.json()).error.code).toBe(-32000);
      }
      const res = await fetch(new URL('/mcp', base), {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'X-API-Key': owner.key, 'X-Request-Id': 'mcp-malformed-json-1' },
        body: '{"jsonrpc":',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      // Its log line names /mcp, though the answer is given by middleware mounted under /mcp
      // (where Express leaves req.url relative: "/").
      const line = () => t.logs.find((entry) => entry.reqId === 'mcp-malformed-json-1');
      await waitFor(async () => line() !== undefined, { what: 'the request line of the malformed body', timeoutMs: 5_000, intervalMs: 10 });
      expect(line()).toMatchObject({ level: 40, req: { method: 'POST', path: '/mcp' }, res: { status: 400 } });
    });

    it("refuses what the SDK's transport refuses: an Accept without event streams (406), an unknown protocol version, a non-message", async () => {
      const notAcceptable = await post(base, { 'X-API-Key': owner.key, Accept: 'application/json' });
      expect(notAcceptable.status).toBe(406);
      const version = await post(
        base,
        { 'X-API-Key': owner.key, 'MCP-Protocol-Version': '1999-01-01' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      );
      expect(version.status).toBe(400);
      expect(version.body.error.message).toMatch(/Unsupported protocol version/);
      const notification = await fetch(new URL('/mcp', base), {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'X-API-Key': owner.key },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      expect(notification.status).toBe(202);
      const junk = await post(base, { 'X-API-Key': owner.key }, { hello: 'world' });
      expect(junk.status).toBe(400);
      expect(junk.body.error.code).toBe(-32700);
    });

    it('takes the key as Authorization: Bearer too', async () => {
      const bearer = await connect(owner.key, 'Authorization');
      expect(structured(await bearer.callTool({ name: 'whoami', arguments: {} })).id).toBe(owner.id);
    });
  });

  describe('every tool, end to end, against the HTTP API', () => {
    const validateOutput = (name: string, value: unknown) => outputValidator(tools)(name, value);

    /** Calls a tool and checks what every success must be: structuredContent valid for the output schema, and a one-line summary. */
    async function call(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
      const result = await mcp.callTool({ name, arguments: args });
      const data = structured(result);
      expect({ name, problems: validateOutput(name, data) }).toEqual({ name, problems: [] });
      expect(summaryOf(result)).toMatch(/^[^\n]+$/);
      return data;
    }

    it('whoami is GET /v1/me', async () => {
      expect(await call('whoami', {})).toEqual((await http(owner).get('/v1/me').expect(200)).body.data);
    });

    it('create_list is POST /v1/lists, and list_lists is GET /v1/lists (with its limit and cursor)', async () => {
      const created = await call('create_list', { name: `  MCP ${uniqueTag()}  ` });
      expect(created).toEqual({ list: (await http(owner).get(`/v1/lists/${created.list.id}`).expect(200)).body.data.list });
      expect(created.list.name).toBe(created.list.name.trim());
      await world.createList(owner);
      expect(await call('list_lists', {})).toEqual((await http(owner).get('/v1/lists').expect(200)).body.data);
      const first = await call('list_lists', { limit: 1 });
      expect(first).toEqual((await http(owner).get('/v1/lists?limit=1').expect(200)).body.data);
      expect(await call('list_lists', { limit: 1, cursor: first.next_cursor })).toEqual(
        (
          await http(owner)
            .get(`/v1/lists?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`)
            .expect(200)
        ).body.data,
      );
    });

    it('add_items, get_items, complete_items, reopen_items and remove_items are the actions and the page of items', async () => {
      const list = await world.createList(owner);
      const added = await call('add_items', { list: list.name, items: ['milk', 'bread', 'eggs'] });
      const page = (await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data;
      expect(added).toEqual({ list: page.list, items: page.items });

      // get_items by id and by name, with each query parameter of the route.
      expect(await call('get_items', { list: list.id })).toEqual(page);
      expect(await call('get_items', { list: list.name.toUpperCase() })).toEqual(page);
      const first = await call('get_items', { list: list.id, limit: 2 });
      expect(first).toEqual((await http(owner).get(`/v1/lists/${list.id}/items?limit=2`).expect(200)).body.data);
      expect(await call('get_items', { list: list.id, limit: 2, cursor: first.next_cursor })).toEqual(
        (
          await http(owner)
            .get(`/v1/lists/${list.id}/items?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)
            .expect(200)
        ).body.data,
      );

      const completed = await call('complete_items', { list: list.id, items: ['MILK', added.items[1].id] });
      const afterComplete = (await http(owner).get(`/v1/lists/${list.id}/items?status=completed`).expect(200)).body.data;
      expect(completed).toEqual({ list: afterComplete.list, items: afterComplete.items });
      expect(await call('get_items', { list: list.id, status: 'completed' })).toEqual(afterComplete);

      const reopened = await call('reopen_items', { list: list.id, items: ['bread'] });
      const bread = (await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items[1];
      expect(reopened).toEqual({ list: afterComplete.list, items: [bread] });

      const before = (await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data;
      const removed = await call('remove_items', { list: list.id, items: ['eggs'] });
      expect(removed).toEqual({ list: before.list, items: [before.items[2]] });
      expect((await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items).toEqual(before.items.slice(0, 2));
    });

    it('invite_member is POST /v1/lists/:id/invitations, with the list by name', async () => {
      const list = await world.createList(owner);
      const email = `invitee_${uniqueTag()}@example.test`;
      const invited = await call('invite_member', { list: list.name, email, role: 'editor' });
      const { invitations } = (await http(owner).get(`/v1/lists/${list.id}/invitations`).expect(200)).body.data;
      expect(invited).toEqual({ invitation: invitations[0] });
      expect(invited.invitation).toMatchObject({ invitee: { email }, role: 'editor', status: 'pending' });
    });

    it('get_changes is GET /v1/events: the tools record the same events as the routes', async () => {
      const { next_cursor: now } = await call('get_changes', { after: 'now' });
      expect((await http(owner).get('/v1/events?after=now').expect(200)).body.data.events).toEqual([]);
      const list = await world.createList(owner);
      const other = await world.createList(owner);
      await call('add_items', { list: list.id, items: ['a', 'b'] });
      await call('complete_items', { list: list.id, items: ['a'] });
      await call('add_items', { list: other.id, items: ['elsewhere'] });
      // The feed serves events once every older transaction on the cluster has ended (API.md,
      // "Events"), and other specs share it: wait for the route to show all six, then the tool
      // must show the same events. The cursors depend on the moment of each read. Held back the
      // same way, the owner's last events of the tests before may come after the mark too: this
      // test's are those of its two lists.
      const ours = (events: Array<{ type: string; list: { id: string } }>) => events.filter((e) => [list.id, other.id].includes(e.list.id));
      const feed = async () =>
        (
          await http(owner)
            .get(`/v1/events?after=${encodeURIComponent(now)}`)
            .expect(200)
        ).body.data;
      await waitFor(async () => ours((await feed()).events).length >= 6, { what: 'the six events in the feed', timeoutMs: 15_000 });
      const changes = await call('get_changes', { after: now });
      expect(changes.events).toEqual((await feed()).events);
      expect(ours(changes.events).map((e) => e.type)).toEqual([
        'list.created',
        'list.created',
        'item.added',
        'item.added',
        'item.completed',
        'item.added',
      ]);
      // A full page's cursor is its last event's position: the same for both.
      const ofList = await call('get_changes', { after: now, list: list.name, limit: 2 });
      expect(ofList).toEqual(
        (
          await http(owner)
            .get(`/v1/events?after=${encodeURIComponent(now)}&list_id=${list.id}&limit=2`)
            .expect(200)
        ).body.data,
      );
    });
  });

  describe('failures: a tool result with isError and the API message', () => {
    it('answers a domain error (404, 422), input the API refuses (400) and a role that does not allow the action (403) as the route does', async () => {
      const list = await world.createList(owner);
      await world.addMember(owner, list.id, viewer, 'viewer');
      const cases: Array<{
        tool: string;
        args: Record<string, unknown>;
        route: () => Promise<{ status: number; body: { error: string } }>;
      }> = [
        {
          tool: 'add_items',
          args: { list: 'no such list', items: ['x'] },
          route: () => http(owner).post('/v1/actions/add', { list: 'no such list', items: ['x'] }),
        },
        { tool: 'create_list', args: { name: list.name }, route: () => http(owner).post('/v1/lists', { name: list.name }) },
        { tool: 'create_list', args: { name: '   ' }, route: () => http(owner).post('/v1/lists', { name: '   ' }) },
        {
          tool: 'add_items',
          args: { list: list.id, items: ['   '] },
          route: () => http(owner).post('/v1/actions/add', { list: list.id, items: ['   '] }),
        },
        {
          tool: 'add_items',
          args: { list: list.id, items: ['nul\u0000'] },
          route: () => http(owner).post('/v1/actions/add', { list: list.id, items: ['nul\u0000'] }),
        },
        {
          tool: 'complete_items',
          args: { list: list.id, items: ['missing'] },
          route: () => http(owner).post('/v1/actions/complete', { list: list.id, items: ['missing'] }),
        },
        {
          tool: 'invite_member',
          args: { list: list.id, email: 'not an email', role: 'viewer' },
          route: () => http(owner).post(`/v1/lists/${list.id}/invitations`, { email: 'not an email', role: 'viewer' }),
        },
        {
          tool: 'get_items',
          args: { list: list.id, cursor: 'forged' },
          route: () => http(owner).get(`/v1/lists/${list.id}/items?cursor=forged`),
        },
      ];
      for (const { tool, args, route } of cases) {
        const answer = await route();
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect({ tool, args, message: toolFailure(await mcp.callTool({ name: tool, arguments: args })) }).toEqual({
          tool,
          args,
          message: answer.body.error,
        });
      }
      const asViewer = await connect(viewer.key);
      const refused = await http(viewer)
        .post('/v1/actions/add', { list: list.id, items: ['x'] })
        .expect(403);
      expect(toolFailure(await asViewer.callTool({ name: 'add_items', arguments: { list: list.id, items: ['x'] } }))).toBe(
        refused.body.error,
      );
      // Nothing changed through any of them.
      expect((await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items).toEqual([]);
    });

    it("answers arguments that break the tool's own schema with the SDK's invalid-params error", async () => {
      await expect(mcp.callTool({ name: 'add_items', arguments: { list: 'x', items: [] } })).rejects.toMatchObject({ code: -32602 });
      await expect(mcp.callTool({ name: 'create_list', arguments: { name: 'x', extra: 1 } })).rejects.toMatchObject({ code: -32602 });
      await expect(mcp.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    });
  });

  describe('keys: scopes, lists, expiry, addresses', () => {
    it('lists only the tools the scopes permit, and answers a tool outside them with the 403 message', async () => {
      const reader = await makeRestrictedKey(t.app, owner.id, { scopes: ['items:read'] });
      const c = await connect(reader.key);
      expect((await c.listTools()).tools.map((tool) => tool.name)).toEqual(['get_items', 'find_items']);
      const refused = await client(t.server, reader.key)
        .post('/v1/actions/add', { list: 'x', items: ['x'] })
        .expect(403);
      expect(toolFailure(await c.callTool({ name: 'add_items', arguments: { list: 'x', items: ['x'] } }))).toBe(refused.body.error);
      expect(refused.body.error).toContain('items:write');
      for (const scope of SCOPES) {
        const only = await makeRestrictedKey(t.app, owner.id, { scopes: [scope] });
        const listed = (await (await connect(only.key)).listTools()).tools;
        expect(listed.length).toBeGreaterThan(0);
        expect(listed.every((tool) => tools.some((full) => full.name === tool.name))).toBe(true);
        await t.app.get(KeysService).revoke(owner.id, only.keyId);
      }
      await t.app.get(KeysService).revoke(owner.id, reader.keyId);
    });

    it('keeps a list-restricted key to its lists, as the routes do', async () => {
      const inside = await world.createList(owner);
      const outside = await world.createList(owner);
      const restricted = await makeRestrictedKey(t.app, owner.id, { listIds: [inside.id] });
      const c = await connect(restricted.key);
      const route = client(t.server, restricted.key);
      expect(structured(await c.callTool({ name: 'list_lists', arguments: {} }))).toEqual(
        (await route.get('/v1/lists').expect(200)).body.data,
      );
      expect((await route.get('/v1/lists').expect(200)).body.data.lists.map((l: { id: string }) => l.id)).toEqual([inside.id]);
      for (const list of [outside.id, outside.name]) {
        expect(toolFailure(await c.callTool({ name: 'get_items', arguments: { list } }))).toBe('List not found');
        expect(toolFailure(await c.callTool({ name: 'add_items', arguments: { list, items: ['x'] } }))).toBe('List not found');
      }
      const createRefused = await route.post('/v1/lists', { name: `R ${uniqueTag()}` }).expect(403);
      expect(toolFailure(await c.callTool({ name: 'create_list', arguments: { name: `R ${uniqueTag()}` } }))).toBe(
        createRefused.body.error,
      );
      expect(structured(await c.callTool({ name: 'add_items', arguments: { list: inside.name, items: ['ok'] } })).items).toHaveLength(1);
      await t.app.get(KeysService).revoke(owner.id, restricted.keyId);
    });

    it('answers a missing, malformed, unknown, revoked or expired key with HTTP 401, WWW-Authenticate: Bearer and a JSON-RPC error', async () => {
      const revoked = await makeUserWithKey(t.app);
      await t.app.get(KeysService).revoke(revoked.user.id, revoked.keyId);
      const expiring = await makeRestrictedKey(t.app, owner.id, {
        expiresAt: new Date(t.app.get(Clock).now().getTime() + 3_600_000).toISOString(),
      });
      await t.app.get(DataSource).query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.keyId]);
      const cases: Record<string, Record<string, string>> = {
        missing: {},
        malformed: { 'X-API-Key': 'sk_live_nope' },
        unknown: { Authorization: `Bearer sk_live_${'0'.repeat(64)}` },
        revoked: { 'X-API-Key': revoked.key },
        expired: { 'X-API-Key': expiring.key },
      };
      for (const [label, headers] of Object.entries(cases)) {
        const res = await post(base, headers);
        expect({ label, status: res.status }).toEqual({ label, status: 401 });
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
        expect(res.body).toMatchObject({
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32000, message: expect.any(String), data: { status: 401 } },
        });
        expect(res.body).not.toHaveProperty('data', null);
        const sdk = mcpClient(base, headers);
        await expect(sdk).rejects.toBeInstanceOf(StreamableHTTPError);
        await expect(sdk).rejects.toMatchObject({ code: 401 });
      }
      expect((await post(base, { 'X-API-Key': expiring.key })).body.error.message).toBe(
        (await client(t.server, expiring.key).get('/v1/me').expect(401)).body.error,
      );
    });

    it('answers a key used from outside its allowed_ips with HTTP 403 and a JSON-RPC error', async () => {
      const fenced = await makeRestrictedKey(t.app, owner.id, { allowedIps: ['192.0.2.1'] });
      const res = await post(base, { 'X-API-Key': fenced.key });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { message: 'this API key is not allowed from this address' } });
      expect(res.body.error.message).toBe((await client(t.server, fenced.key).get('/v1/me').expect(403)).body.error);
      await expect(mcpClient(base, { 'X-API-Key': fenced.key })).rejects.toMatchObject({ code: 403 });
      await t.app.get(KeysService).revoke(owner.id, fenced.keyId);
    });
  });

  describe('test mode: an sk_test_ key (API.md section 10) works the tools on the sandbox, as it works the routes', () => {
    let testKey: string;
    let sandbox: Client;
    const valid = (name: string, value: unknown) => outputValidator(tools)(name, value);
    const idsOf = (data: Record<string, any>) => data.lists.map((l: { id: string }) => l.id);

    beforeAll(async () => {
      testKey = (await makeRestrictedKey(t.app, owner.id, { mode: 'test' })).key;
      sandbox = await connect(testKey);
    });

    it("whoami shows the key's mode", async () => {
      const me = structured(await sandbox.callTool({ name: 'whoami', arguments: {} }));
      expect(me).toEqual((await client(t.server, testKey).get('/v1/me').expect(200)).body.data);
      expect(me.key).toMatchObject({ mode: 'test' });
      expect((structured(await mcp.callTool({ name: 'whoami', arguments: {} })).key as { mode: string }).mode).toBe('live');
    });

    it("creates, fills, reads and lists the sandbox's lists, which the live key never sees (and the other way round)", async () => {
      const name = `Sandbox ${uniqueTag()}`;
      const created = structured(await sandbox.callTool({ name: 'create_list', arguments: { name } })) as Record<string, any>;
      // The same name is free in live mode: another set of lists.
      const live = structured(await mcp.callTool({ name: 'create_list', arguments: { name } })) as Record<string, any>;
      const added = structured(await sandbox.callTool({ name: 'add_items', arguments: { list: name, items: ['milk', 'tea'] } }));
      expect(added.list).toEqual({ id: created.list.id, name });
      const page = structured(await sandbox.callTool({ name: 'get_items', arguments: { list: name } })) as Record<string, any>;
      expect(page).toEqual((await client(t.server, testKey).get(`/v1/lists/${created.list.id}/items`).expect(200)).body.data);
      expect(page.items.map((i: { text: string }) => i.text)).toEqual(['milk', 'tea']);
      expect(structured(await mcp.callTool({ name: 'get_items', arguments: { list: name } }))).toMatchObject({
        list: { id: live.list.id },
        items: [],
      });

      const testLists = structured(await sandbox.callTool({ name: 'list_lists', arguments: { limit: 100 } }));
      const liveLists = structured(await mcp.callTool({ name: 'list_lists', arguments: { limit: 100 } }));
      expect(valid('list_lists', testLists)).toEqual([]);
      expect(testLists).toEqual((await client(t.server, testKey).get('/v1/lists?limit=100').expect(200)).body.data);
      expect(idsOf(testLists)).toContain(created.list.id);
      expect(idsOf(testLists)).not.toContain(live.list.id);
      expect(idsOf(liveLists)).toContain(live.list.id);
      expect(idsOf(liveLists)).not.toContain(created.list.id);

      // A list of the other mode, by id, is the route's 404 in words, both ways; nothing is added.
      const notFound = (await client(t.server, testKey).get(`/v1/lists/${live.list.id}/items`).expect(404)).body.error;
      for (const [c, other] of [
        [sandbox, live.list.id],
        [mcp, created.list.id],
      ] as const) {
        expect(toolFailure(await c.callTool({ name: 'get_items', arguments: { list: other } }))).toBe(notFound);
        expect(toolFailure(await c.callTool({ name: 'add_items', arguments: { list: other, items: ['x'] } }))).toBe(notFound);
      }
      expect((await http(owner).get(`/v1/lists/${live.list.id}/items`).expect(200)).body.data.items).toEqual([]);
    });

    it('get_changes carries livemode false for a test key and true for a live key, valid for the output schema', async () => {
      const [testNow, liveNow] = await Promise.all(
        [sandbox, mcp].map(async (c) => structured(await c.callTool({ name: 'get_changes', arguments: { after: 'now' } })).next_cursor),
      );
      const name = `Changes ${uniqueTag()}`;
      for (const c of [sandbox, mcp]) {
        await c.callTool({ name: 'create_list', arguments: { name } });
        await c.callTool({ name: 'add_items', arguments: { list: name, items: ['x'] } });
      }
      type Event = { type: string; livemode: boolean; list: { name: string } };
      // This test's events are those of its list: the feed may lag the writes a moment (another
      // session's older transaction on the cluster holds them back), and the key's last events of
      // the tests before may come after the mark for the same reason.
      const ours = (events: Event[]) => events.filter((e) => e.list.name === name);
      for (const [c, after, livemode, key] of [
        [sandbox, testNow, false, testKey],
        [mcp, liveNow, true, owner.key],
      ] as const) {
        const route = async () =>
          (
            await client(t.server, key)
              .get(`/v1/events?after=${encodeURIComponent(String(after))}`)
              .expect(200)
          ).body.data.events as Event[];
        await waitFor(async () => ours(await route()).length >= 2, {
          what: `the ${livemode ? 'live' : 'test'} list's two events in the feed`,
          timeoutMs: 15_000,
        });
        const changes = structured(await c.callTool({ name: 'get_changes', arguments: { after } })) as { events: Event[] };
        expect(valid('get_changes', changes)).toEqual([]);
        expect(ours(changes.events).map((e) => [e.type, e.livemode])).toEqual([
          ['list.created', livemode],
          ['item.added', livemode],
        ]);
        expect(changes.events.filter((e) => e.livemode !== livemode)).toEqual([]);
        // The events only: next_cursor may move on with any transaction of the database in between.
        expect(changes.events).toEqual(await route());
      }
    });

    it("invite_member invites within the sandbox: the invitee's test key sees the invitation, the live key does not, and no mail is sent", async () => {
      const invitee = await makeCaller(t.app);
      const inviteeTest = client(t.server, (await makeRestrictedKey(t.app, invitee.id, { mode: 'test' })).key);
      const name = `Invite ${uniqueTag()}`;
      await sandbox.callTool({ name: 'create_list', arguments: { name } });
      const invited = structured(
        await sandbox.callTool({ name: 'invite_member', arguments: { list: name, email: invitee.email, role: 'viewer' } }),
      ) as Record<string, any>;
      expect(valid('invite_member', invited)).toEqual([]);
      const seen = (await inviteeTest.get('/v1/invitations').expect(200)).body.data.invitations;
      expect(seen.map((i: { id: string }) => i.id)).toEqual([invited.invitation.id]);
      expect((await http(invitee).get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
      expect(await mailTo(t.app, invitee.email)).toEqual([]);
      // The same call with the live key mails the invitee: the sandbox's silence is its mode's, not the tool's.
      await mcp.callTool({ name: 'create_list', arguments: { name } });
      structured(await mcp.callTool({ name: 'invite_member', arguments: { list: name, email: invitee.email, role: 'viewer' } }));
      expect(await mailTo(t.app, invitee.email)).toHaveLength(1);
    });
  });

  describe('add_items with idempotency_key', () => {
    it('answers a retry with the first answer and writes once, sharing the HTTP Idempotency-Key store', async () => {
      const list = await world.createList(owner);
      const key = `retry-${uniqueTag()}`;
      const args = { list: list.id, items: ['once'], idempotency_key: key };
      const first = await mcp.callTool({ name: 'add_items', arguments: args });
      const again = await mcp.callTool({ name: 'add_items', arguments: args });
      expect(structured(again)).toEqual(structured(first));
      expect(again._meta).toEqual({ idempotent_replayed: true });
      expect(first._meta).toBeUndefined();
      // The route with the same key and body replays the same answer: one store.
      const route = await http(owner)
        .post('/v1/actions/add', { list: list.id, items: ['once'] })
        .set('Idempotency-Key', key)
        .expect(200);
      expect(route.headers['idempotent-replayed']).toBe('true');
      expect(route.body.data).toEqual(structured(first));
      expect((await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items).toHaveLength(1);
      // Another body with the key: the route's 422; a key too long: the route's 400.
      const reused = await http(owner)
        .post('/v1/actions/add', { list: list.id, items: ['other'] })
        .set('Idempotency-Key', key)
        .expect(422);
      expect(toolFailure(await mcp.callTool({ name: 'add_items', arguments: { ...args, items: ['other'] } }))).toBe(reused.body.error);
      const long = 'k'.repeat(256);
      const tooLong = await http(owner)
        .post('/v1/actions/add', { list: list.id, items: ['x'] })
        .set('Idempotency-Key', long)
        .expect(400);
      expect(toolFailure(await mcp.callTool({ name: 'add_items', arguments: { ...args, idempotency_key: long } }))).toBe(
        tooLong.body.error,
      );
      // A key first used through the route is replayed to the tool.
      const httpFirst = `http-${uniqueTag()}`;
      const byRoute = await http(owner)
        .post('/v1/actions/add', { list: list.id, items: ['two'] })
        .set('Idempotency-Key', httpFirst)
        .expect(200);
      expect(
        structured(await mcp.callTool({ name: 'add_items', arguments: { list: list.id, items: ['two'], idempotency_key: httpFirst } })),
      ).toEqual(byRoute.body.data);
      expect((await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items).toHaveLength(2);
    });

    it('runs concurrent retries once', async () => {
      const list = await world.createList(owner);
      const args = { list: list.id, items: ['race'], idempotency_key: `race-${uniqueTag()}` };
      const answers = await Promise.all([0, 1, 2].map(() => mcp.callTool({ name: 'add_items', arguments: args })));
      const [first, ...rest] = answers.map(structured);
      for (const other of rest) expect(other).toEqual(first);
      expect((await http(owner).get(`/v1/lists/${list.id}/items`).expect(200)).body.data.items).toHaveLength(1);
    });
  });
});

describe('MCP server at /mcp: the rate limit', () => {
  const LIMIT = 6;
  const t = useTestApp({ RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_S: '60' });
  let base: string;

  beforeAll(async () => {
    base = await listen(t.app);
  });

  it('counts every HTTP request; past the limit a tools/call is a tool error with the seconds to wait, other messages HTTP 429', async () => {
    const { key } = await makeUserWithKey(t.app);
    const first = await post(base, { 'X-API-Key': key });
    expect(first.headers.get('ratelimit')).toBe(`"default";r=${LIMIT - 1};t=60`);
    // connect: initialize, notifications/initialized and the GET of an event stream (405): three more.
    const c = await mcpClient(base, { 'X-API-Key': key });
    await c.listTools();
    expect(structured(await c.callTool({ name: 'list_lists', arguments: {} }))).toHaveProperty('lists');
    // That was the sixth: the next call is refused, as a tool result.
    const refused = toolFailure(await c.callTool({ name: 'list_lists', arguments: {} }));
    expect(refused).toMatch(/^Rate limit exceeded: retry in \d+ seconds$/);
    const raw = await post(base, { 'X-API-Key': key }, { jsonrpc: '2.0', id: 9, method: 'tools/list' });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(raw.body).toMatchObject({ jsonrpc: '2.0', id: 9, error: { message: refused, data: { status: 429 } } });
    // The route agrees: the key's one window is full.
    expect((await client(t.server, key).get('/v1/me').expect(429)).body.error).toMatch(/^Rate limit exceeded/);
    await c.close();
  });
});
