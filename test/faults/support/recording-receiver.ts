import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Receipt {
  webhookId: string;
  /** `webhook-timestamp`: the sender's clock when it signed, in seconds. */
  signedAt: number;
  body: string;
  /** The service process that opened the connection (0: none of those given, before one was chosen). */
  senderPid: number;
  /** Held open (never answered) rather than answered 200. */
  held: boolean;
}

/**
 * A webhook endpoint for the fault specs that records every request with the process that sent
 * it (read from /proc at the moment it arrives, while the sender is still alive) and holds open
 * every request from one chosen sender: the first process to deliver, unless told otherwise.
 * A held request is one the sender is in the middle of when it is killed.
 */
export class RecordingReceiver {
  readonly receipts: Receipt[] = [];
  /** The sender whose requests are held; decided by the first request. */
  victim = 0;
  private readonly held = new Set<ServerResponse>();
  private server!: Server;

  constructor(private readonly senders: () => number[]) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const found = this.senders().find((pid) => ownsConnection(pid, req.socket.remotePort ?? 0)) ?? 0;
    // A request the kernel took before its sender died is read after it: no live process owns
    // it, and only the chosen sender is ever killed.
    const senderPid = found || this.victim;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!this.victim && senderPid) this.victim = senderPid;
      const held = senderPid !== 0 && senderPid === this.victim;
      this.receipts.push({
        webhookId: String(req.headers['webhook-id']),
        signedAt: Number(req.headers['webhook-timestamp']),
        body: Buffer.concat(chunks).toString('utf8'),
        senderPid,
        held,
      });
      if (held) {
        this.held.add(res);
        return;
      }
      res.writeHead(200).end('ok');
    });
  }
}

/** Whether process `pid` holds the TCP connection whose local port is `port` (Linux /proc). */
export function ownsConnection(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (parseInt(fields[1].split(':')[1], 16) === port) inodes.add(fields[9]);
    }
  }
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process has gone
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match && inodes.has(match[1])) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}
