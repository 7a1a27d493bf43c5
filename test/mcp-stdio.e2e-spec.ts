import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { client, listsWorld, makeCaller, type Caller } from './support/lists-client';
import { mcpClient, outputValidator, structured, summaryOf, toolFailure } from './support/mcp-client';
import { listen } from './support/portal-client';
import { ROOT } from './support/service-process';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

/** The built stdio entry point (package.json `bin`: todo-mcp), as a desktop assistant starts it. */
const ENTRY = join(ROOT, 'dist', 'mcp-stdio.js');

describe('the stdio entry point (todo-mcp), spawned by the SDK stdio client against a running service', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const world = listsWorld(t);
  let base: string;
  let owner: Caller;
  const open: Client[] = [];

  /** The entry point with TODO_API_URL and TODO_API_KEY, as an assistant's configuration starts it; not yet connected. */
  function stdioOf(key: string) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ENTRY],
      env: { PATH: process.env.PATH ?? '', TODO_API_URL: base, TODO_API_KEY: key },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    const c = new Client({ name: 'desktop-assistant', version: '1.0.0' });
    open.push(c);
    return { client: c, transport, stderr: () => stderr };
  }

  async function spawnStdio(key: string): Promise<{ client: Client }> {
    const spawned = stdioOf(key);
    await spawned.client.connect(spawned.transport);
    return spawned;
  }

  beforeAll(async () => {
    base = await listen(t.app);
    owner = await makeCaller(t.app);
  });
  afterAll(() => Promise.all(open.map((c) => c.close())));

  it('forwards the same tools, with their schemas and annotations, as /mcp lists them for the key', async () => {
    const { client: stdio } = await spawnStdio(owner.key);
    const http = await mcpClient(base, { 'X-API-Key': owner.key });
    open.push(http);
    expect((await stdio.listTools()).tools).toEqual((await http.listTools()).tools);
    const reader = await makeRestrictedKey(t.app, owner.id, { scopes: ['items:read', 'profile:read'] });
    const { client: narrow } = await spawnStdio(reader.key);
    expect((await narrow.listTools()).tools.map((tool) => tool.name)).toEqual(['whoami', 'get_items', 'find_items']);
    expect(toolFailure(await narrow.callTool({ name: 'create_list', arguments: { name: 'x' } }))).toBe(
      'This API key lacks the lists:write scope',
    );
  });

  it('calls the tools on the service: the same data as the HTTP routes, and their errors', async () => {
    const { client: stdio } = await spawnStdio(owner.key);
    const { tools } = await stdio.listTools();
    const valid = outputValidator(tools);
    const list = await world.createList(owner);
    const added = await stdio.callTool({
      name: 'add_items',
      arguments: { list: list.name, items: ['tea', 'cake'], idempotency_key: 'stdio-1' },
    });
    expect(summaryOf(added)).toBe(`Added 2 items to "${list.name}"`);
    const page = (await client(t.server, owner.key).get(`/v1/lists/${list.id}/items`).expect(200)).body.data;
    expect(structured(added)).toEqual({ list: page.list, items: page.items });
    const read = structured(await stdio.callTool({ name: 'get_items', arguments: { list: list.id } }));
    expect(read).toEqual(page);
    expect(valid('get_items', read)).toEqual([]);
    const me = structured(await stdio.callTool({ name: 'whoami', arguments: {} }));
    expect(me).toEqual((await client(t.server, owner.key).get('/v1/me').expect(200)).body.data);
    expect(toolFailure(await stdio.callTool({ name: 'get_items', arguments: { list: 'no such list' } }))).toBe('List not found');
    await expect(stdio.callTool({ name: 'add_items', arguments: { list: list.id, items: [] } })).rejects.toMatchObject({ code: -32602 });
  });

  it('works in test mode with TODO_API_KEY a test key: its calls reach the sandbox', async () => {
    const testKey = (await makeRestrictedKey(t.app, owner.id, { mode: 'test' })).key;
    const { client: stdio } = await spawnStdio(testKey);
    const me = structured(await stdio.callTool({ name: 'whoami', arguments: {} }));
    expect(me.key).toMatchObject({ mode: 'test' });
    const { list } = structured(await stdio.callTool({ name: 'create_list', arguments: { name: `Stdio sandbox ${owner.id}` } })) as {
      list: { id: string };
    };
    await client(t.server, testKey).get(`/v1/lists/${list.id}`).expect(200);
    await client(t.server, owner.key).get(`/v1/lists/${list.id}`).expect(404);
  });

  it('exits with a clear message when the key is refused, and never prints the key', async () => {
    const bad = `sk_live_${'0'.repeat(64)}`;
    const { client: c, transport, stderr } = stdioOf(bad);
    const exited = new Promise<void>((resolve) => (transport.onclose = resolve));
    await expect(c.connect(transport)).rejects.toThrow();
    await exited;
    expect(stderr()).toContain('HTTP 401');
    expect(stderr()).not.toContain(bad);
  });
});
