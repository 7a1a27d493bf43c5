#!/usr/bin/env node
// npm run bench:slow-connections — what one address holding many slow connections costs a
// client on another address. Starts the built service on a temporary embedded PostgreSQL (long
// header and request timeouts, so nothing is freed by a timeout), measures GET /health/live
// from 127.0.0.2 (a new connection per request) alone, then again while 127.0.0.1 holds
// SLOW_CONNECTIONS connections that send the start of their headers and never finish them, and
// prints the latency of both and how many of the slow connections the service kept.
//
//   SLOW_CONNECTIONS=2000 LEGIT_REQUESTS=200 npm run bench:slow-connections
import { request } from 'node:http';
import { connect } from 'node:net';
import { say, startService } from './service.mjs';

const SLOW = Number(process.env.SLOW_CONNECTIONS ?? 2_000);
const LEGIT = Number(process.env.LEGIT_REQUESTS ?? 200);

const env = { ...process.env, LOG_LEVEL: 'warn', HTTP_HEADERS_TIMEOUT_MS: '120000', HTTP_REQUEST_TIMEOUT_MS: '120000' };
delete env.DATABASE_URL;
const service = await startService(env);
const { hostname, port } = new URL(service.url);

/** GET /health/live from 127.0.0.2 on a new connection; its latency in ms, or an error. */
const live = () =>
  new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = request({ host: hostname, port, path: '/health/live', localAddress: '127.0.0.2', agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve(res.statusCode === 200 ? Number(process.hrtime.bigint() - started) / 1e6 : new Error(`status ${res.statusCode}`)),
      );
    });
    req.on('error', (error) => resolve(error));
    req.end();
  });

async function measure(label) {
  const latencies = [];
  let failed = 0;
  for (let i = 0; i < LEGIT; i += 1) {
    const outcome = await live();
    if (typeof outcome === 'number') latencies.push(outcome);
    else failed += 1;
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2) : '-');
  console.log(
    `${label.padEnd(34)} ok ${latencies.length}/${LEGIT}, failed ${failed}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
}

try {
  await measure('127.0.0.2 alone');
  say(`opening ${SLOW} slow connections from 127.0.0.1 …`);
  const slow = Array.from({ length: SLOW }, () => {
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
    return socket;
  });
  await Promise.all(
    slow.map((s) => new Promise((resolve) => (s.connecting ? s.once('connect', resolve).once('close', resolve) : resolve()))),
  );
  // Let the service close what it will not keep before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await measure(`127.0.0.2 while ${SLOW} slow held`);
  console.log(`slow connections the service kept: ${slow.filter((s) => !s.destroyed).length} of ${SLOW}`);
  slow.forEach((s) => s.destroy());
} finally {
  await service.stop();
}
