import { connect, createServer, Server, Socket } from 'node:net';

/** Splits RESP command arrays (what a client sends) off the front of `buffer`. */
function takeCommands(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const commands: string[][] = [];
  let offset = 0;
  for (;;) {
    const start = offset;
    const line = (): string | undefined => {
      const end = buffer.indexOf('\r\n', offset);
      if (end < 0) return undefined;
      const text = buffer.toString('latin1', offset, end);
      offset = end + 2;
      return text;
    };
    const header = line();
    if (header === undefined || !header.startsWith('*')) return { commands, rest: buffer.subarray(start) };
    const args: string[] = [];
    for (let i = 0; i < Number(header.slice(1)); i += 1) {
      const size = line();
      if (size === undefined || offset + Number(size.slice(1)) + 2 > buffer.length) return { commands, rest: buffer.subarray(start) };
      args.push(buffer.toString('utf8', offset, offset + Number(size.slice(1))));
      offset += Number(size.slice(1)) + 2;
    }
    commands.push(args);
  }
}

const INFO = '# Server\r\nredis_version:7.2.0\r\nloading:0\r\n';

/**
 * A Redis that accepts connections and then never answers: in `hang` mode it answers only the
 * connection handshake (CLIENT SETINFO, INFO), so a client believes it is ready, and swallows
 * every other command, counting them by name. In `forward` mode (with a real Redis behind it)
 * it passes bytes through. Switching to `hang` freezes the connections already forwarded;
 * switching back to `forward` drops the frozen ones, like a Redis restarted after a hang.
 */
export class HungRedis {
  private server?: Server;
  private readonly frozen = new Set<Socket>();
  private readonly forwarded = new Map<Socket, Socket>();
  private mode: 'hang' | 'forward';
  /** Commands swallowed while hung, by lower-case name. */
  readonly swallowed = new Map<string, number>();
  port = 0;

  constructor(private readonly target?: { host: string; port: number }) {
    this.mode = target ? 'forward' : 'hang';
  }

  async start(): Promise<number> {
    this.server = createServer((client) => {
      client.on('error', () => client.destroy());
      if (this.mode === 'forward') this.forward(client);
      else this.hangOn(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  count(name: string): number {
    return this.swallowed.get(name) ?? 0;
  }

  /** From now on nothing is answered (bar a new connection's handshake). */
  hang(): void {
    this.mode = 'hang';
    for (const [client, upstream] of this.forwarded) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      upstream.removeAllListeners('close');
      upstream.destroy();
      this.forwarded.delete(client);
      this.hangOn(client, true);
    }
  }

  /** Back to the real Redis: frozen connections are dropped, new ones forwarded. */
  resume(): void {
    if (!this.target) throw new Error('no real Redis to forward to');
    this.mode = 'forward';
    for (const socket of this.frozen) socket.destroy();
    this.frozen.clear();
  }

  async stop(): Promise<void> {
    for (const socket of this.frozen) socket.destroy();
    for (const [client, upstream] of this.forwarded) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private forward(client: Socket): void {
    const upstream = connect(this.target!.port, this.target!.host);
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      upstream.destroy();
      this.forwarded.delete(client);
    });
    upstream.on('close', () => client.destroy());
    this.forwarded.set(client, upstream);
    client.pipe(upstream).pipe(client);
  }

  private hangOn(client: Socket, handshakeDone = false): void {
    this.frozen.add(client);
    client.on('close', () => this.frozen.delete(client));
    let buffer: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      const { commands, rest } = takeCommands(Buffer.concat([buffer, chunk]));
      buffer = rest;
      for (const [name] of commands) {
        const command = name.toLowerCase();
        if (!handshakeDone && command === 'client') client.write('+OK\r\n');
        else if (!handshakeDone && command === 'info') {
          client.write(`$${Buffer.byteLength(INFO)}\r\n${INFO}\r\n`);
          handshakeDone = true;
        } else this.swallowed.set(command, this.count(command) + 1);
      }
    });
    // A socket taken off a pipe is left paused.
    client.resume();
  }
}
