#!/usr/bin/env node
// The MCP transport alone, side by side (docs/adr/0008-mcp-stateless-json-transport.md): one
// HTTP server in a child process answers a `tools/call` of whoami at two paths, each with a new
// Server of the service's (McpServers from dist/, its tool call answering a fixed GET /v1/me)
// per request, as McpController does: `/ours` through StatelessJsonTransport, `/sdk` through
// the SDK's StreamableHTTPServerTransport (stateless, JSON answers). Both are handed the body
// already parsed, as the service's body parser hands it. No database, no guards: the difference
// is the transport's. The two paths take turns, BENCH_ROUNDS times; medians.
//
//   node scripts/ensure-built.mjs && BENCH_ROUNDS=3 BENCH_DURATION=4 node bench/mcp-transport.mjs
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const say = (line) => process.stderr.write(`${line}\n`);
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const SCOPES = ['profile:read', 'lists:read', 'lists:write', 'items:read', 'items:write'];
const ID = '00000000-0000-4000-8000-000000000001';
const ME = {
  id: ID,
  email: 'bench@example.test',
  name: 'Bench',
  username: 'bench',
  email_verified: true,
  scopes: SCOPES,
  key: { id: ID, label: 'bench', mode: 'live', scopes: SCOPES, list_ids: null, expires_at: null, allowed_ips: null },
};

/** The child: the two transports behind one node:http server; prints its port. */
async function serve() {
  const { McpServers } = require(join(root, 'dist', 'modules', 'mcp', 'http', 'mcp-servers.js'));
  const { StatelessJsonTransport } = require(join(root, 'dist', 'modules', 'mcp', 'http', 'stateless-json.transport.js'));
  const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const servers = new McpServers({ call: async () => ({ data: ME }) });
  const caller = { userId: ID, keyId: ID, scopes: SCOPES, listIds: null, mode: 'live' };
  const readJson = async (req) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const http = createServer(async (req, res) => {
    const body = await readJson(req);
    const server = servers.serverFor({ caller });
    if (req.url === '/sdk') {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    const transport = new StatelessJsonTransport();
    await server.connect(transport);
    const answer = await transport.post(req.headers, body);
    res.statusCode = answer.status;
    if (answer.body === undefined) return res.end();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(answer.body));
  });
  http.listen(0, '127.0.0.1', () => process.send(http.address().port));
}

function run(url) {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0) return reject(new Error(`${result.non2xx} answers were not 2xx at ${url}`));
        resolve({ rps: result.requests.total / result.duration, p99: result.latency.p99 });
      },
    ),
  );
}

async function main() {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (const path of ['/ours', '/sdk']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
      });
      const json = await res.json();
      if (json.result?.structuredContent?.id !== ID) throw new Error(`${path} answered ${JSON.stringify(json)}`);
    }
    say(`whoami through each transport: ${CONNECTIONS} connections, ${DURATION}s per run, ${ROUNDS} rounds`);
    const runs = { ours: [], sdk: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const path of round % 2 === 0 ? ['ours', 'sdk'] : ['sdk', 'ours']) runs[path].push(await run(`${base}/${path}`));
    }
    const [ours, sdk] = [runs.ours, runs.sdk].map((r) => ({ rps: middle(r.map((x) => x.rps)), p99: middle(r.map((x) => x.p99)) }));
    const rows = [
      { transport: 'StatelessJsonTransport', 'req/s': Math.round(ours.rps), 'p99 ms': ours.p99, 'µs per call': Math.round(1e6 / ours.rps) },
      {
        transport: 'StreamableHTTPServerTransport',
        'req/s': Math.round(sdk.rps),
        'p99 ms': sdk.p99,
        'µs per call': Math.round(1e6 / sdk.rps),
      },
    ];
    console.table(rows);
    process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, rounds: ROUNDS, rows })}\n`);
  } finally {
    child.kill();
  }
}

if (process.argv[2] === 'serve') void serve();
else
  main().catch((error) => {
    say(`bench failed: ${error.stack ?? error}`);
    process.exit(1);
  });
