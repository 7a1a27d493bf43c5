#!/usr/bin/env node
// Runs N instances of the built service against one PostgreSQL and one Redis, behind a
// small round-robin HTTP proxy: the scale-out of docker/compose.yaml for machines
// without Docker.
//
//   npm run cluster                       2 instances, proxy on :3000, embedded PostgreSQL
//   INSTANCES=3 PORT=8080 REDIS_URL=redis://127.0.0.1:6379 DATABASE_URL=postgres://… npm run cluster
//
// Without REDIS_URL each instance limits on its own, so the rate limit would not hold
// across the cluster: the script says so loudly.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { freePort } = require(join(root, 'dist', 'common', 'net', 'free-port.js'));
const log = (msg, extra = {}) => process.stdout.write(`${JSON.stringify({ component: 'cluster', msg, ...extra })}\n`);

const instances = Number(process.env.INSTANCES ?? 2);
const proxyPort = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  process.stderr.write('INSTANCES must be an integer from 1 to 16\n');
  process.exit(1);
}

async function waitReady(port, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on port ${port} not ready after ${timeoutMs} ms`);
}

let embedded;
const children = [];
let proxy;

async function stop(code) {
  log('stopping');
  proxy?.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await embedded?.stop();
  process.exit(code);
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const { startEmbeddedPostgres } = require(join(root, 'dist', 'database', 'embedded-postgres.js'));
    const pino = require('pino');
    embedded = await startEmbeddedPostgres(process.env.DATA_DIR ?? join(root, '.data', 'cluster'), pino({ level: 'warn' }));
    databaseUrl = embedded.url;
  }
  if (!process.env.REDIS_URL) log('WARNING: REDIS_URL is not set; each instance rate-limits on its own');

  const targets = [];
  for (let i = 0; i < instances; i += 1) {
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, 'dist', 'main.js')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, INSTANCE_ID: String(i + 1) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    targets.push({ port, child });
  }
  await Promise.all(targets.map(({ port, child }) => waitReady(port, child)));

  // Round robin over the instances. A connection failure moves a bodiless request on to
  // the next instance; a request whose body was already streamed cannot be replayed.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  proxy = http.createServer((req, res) => {
    const forward = (attempt) => {
      const target = targets[next++ % targets.length];
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: target.port,
          method: req.method,
          path: req.url,
          agent,
          headers: {
            ...req.headers,
            'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        const replayable = req.method === 'GET' || req.method === 'HEAD';
        if (replayable && attempt + 1 < targets.length && !res.headersSent) return forward(attempt + 1);
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: null, error: 'No instance could answer' }));
        } else res.destroy();
      });
      req.pipe(upstream);
    };
    forward(0);
  });
  await new Promise((resolve) => proxy.listen(proxyPort, resolve));
  log('cluster ready', {
    url: `http://127.0.0.1:${proxy.address().port}`,
    instances: targets.map((t) => t.port),
    redis: Boolean(process.env.REDIS_URL),
  });
  for (const child of children) child.on('exit', (code) => log('instance exited', { code }));
}

process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
main().catch(async (error) => {
  log('cluster failed to start', { error: error.message });
  await stop(1);
});
