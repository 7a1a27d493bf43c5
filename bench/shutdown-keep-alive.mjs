#!/usr/bin/env node
// node bench/shutdown-keep-alive.mjs — why the shutdown gate stops listening with net.Server's
// close (docs/adr/0006-shutdown-keeps-idle-connections.md). A bare node:http server holds
// IDLE_CONNECTIONS idle keep-alive connections; it stops listening, and each client then sends a
// request at once; the server answers 503 with Connection: close. Prints, for http.Server's own
// close and for net.Server's, how many of those requests were answered and how many were reset.
import { createServer } from 'node:http';
import { connect, Server as NetServer } from 'node:net';

const N = Number(process.env.IDLE_CONNECTIONS ?? 50);
const ASK = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

async function trial(stopListening) {
  let stopping = false;
  const server = createServer((_req, res) => {
    if (stopping) res.writeHead(503, { Connection: 'close', 'Retry-After': '1' });
    res.end('{}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const clients = [];
  for (let i = 0; i < N; i += 1) {
    const socket = connect(port, '127.0.0.1');
    const client = { socket, received: '' };
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(ASK);
    await new Promise((resolve) => socket.once('data', resolve));
    socket.on('data', (chunk) => (client.received += String(chunk)));
    clients.push(client);
  }
  stopping = true;
  stopListening(server);
  for (const { socket } of clients) socket.write(ASK);
  await Promise.all(clients.map(({ socket }) => new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', resolve)))));
  server.closeAllConnections();
  const answered = clients.filter((c) => c.received.startsWith('HTTP/1.1 503')).length;
  return `${answered}/${N} answered 503, ${N - answered} reset or closed unanswered`;
}

console.log(`http.Server's close: ${await trial((server) => server.close())}`);
console.log(`net.Server's close:  ${await trial((server) => NetServer.prototype.close.call(server))}`);
