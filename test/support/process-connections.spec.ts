import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { AddressInfo, connect, createServer, Server } from 'node:net';
import { listeningSockets, ownsConnection } from './process-connections';
import { freePort } from './service-process';

const HOST = '127.0.0.1';

async function listening(): Promise<Server> {
  const server = createServer((socket) => socket.on('error', () => undefined));
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return server;
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

describe('ownsConnection', () => {
  it("tells a process's connection apart from another process's connection from the same port to another peer", async () => {
    const receiver = await listening();
    const elsewhere = await listening();
    const port = await freePort();
    // Both connections bind `port` themselves (libuv binds with SO_REUSEADDR): what an ephemeral
    // port shared by connections to different destinations looks like.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const s = require('node:net').connect({ host: '${HOST}', port: ${portOf(receiver)}, localAddress: '${HOST}', localPort: ${port} },
           () => process.stdout.write('connected\\n'));
         s.on('error', (e) => { process.stderr.write(String(e)); process.exit(1); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    const childConnected = once(child.stdout, 'data');
    const mine = connect({ host: HOST, port: portOf(elsewhere), localAddress: HOST, localPort: port });
    const connected = once(mine, 'connect');
    try {
      await Promise.all([childConnected, connected]);

      expect(ownsConnection(child.pid!, port, portOf(receiver))).toBe(true);
      expect(ownsConnection(process.pid, port, portOf(receiver))).toBe(false);
      expect(ownsConnection(process.pid, port, portOf(elsewhere))).toBe(true);
      expect(ownsConnection(child.pid!, port, portOf(elsewhere))).toBe(false);
    } finally {
      mine.destroy();
      child.kill('SIGKILL');
      await exited;
      receiver.close();
      elsewhere.close();
    }
  });
});

describe('listeningSockets', () => {
  it("lists the sockets a process listens on, and not its connections or another process's listeners", async () => {
    const before = listeningSockets(process.pid);
    const server = await listening();
    const peer = connect({ host: HOST, port: portOf(server) });
    await once(peer, 'connect');
    try {
      expect(listeningSockets(process.pid)).toEqual([...before, `${HOST}:${portOf(server)}`].sort());
    } finally {
      peer.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(listeningSockets(process.pid)).toEqual(before);
  });
});
