import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpEndpoint } from '../../support/local-http-endpoint';
import { ownsConnection } from '../../support/process-connections';

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
export class RecordingReceiver extends LocalHttpEndpoint {
  readonly receipts: Receipt[] = [];
  /** The sender whose requests are held; decided by the first request. */
  victim = 0;

  constructor(private readonly senders: () => number[]) {
    super();
  }

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    const found = this.senders().find((pid) => ownsConnection(pid, req.socket.remotePort ?? 0, req.socket.localPort ?? 0)) ?? 0;
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
