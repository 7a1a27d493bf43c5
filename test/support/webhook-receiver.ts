import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { LocalHttpEndpoint } from './local-http-endpoint';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The sender's port of the connection, to tell which process sent it. */
  remotePort: number;
}

/** What the receiver does with a request to a path: answer with a status (and headers, and a body: `ok` unless told), or hold it open. */
export type Behaviour = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A webhook endpoint on 127.0.0.1 for the e2e specs: records every request, answers each path
 * as told (200 unless told otherwise; a list of behaviours is used one per request, the last
 * one repeating), and verifies signatures with the independent `standardwebhooks` package.
 */
export class WebhookReceiver extends LocalHttpEndpoint {
  readonly received: Received[] = [];
  private readonly behaviours = new Map<string, Behaviour[]>();

  on(path: string, ...behaviours: Behaviour[]): void {
    this.behaviours.set(path, behaviours);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /**
   * Verifies a request as a receiver would at the moment it was signed (its own
   * `webhook-timestamp`): the signature, which covers that timestamp, is checked without any
   * wall-clock read, whatever the service's clock says.
   */
  static verifyAsSent(secret: string, request: Received): unknown {
    return WebhookReceiver.verify(secret, request, Number(request.headers['webhook-timestamp']) * 1000);
  }

  /** Verifies a request as a receiver would, its clock set to `nowMs` (the service's driven clock). */
  static verify(secret: string, request: Received, nowMs: number): unknown {
    const realNow = Date.now;
    Date.now = () => nowMs;
    try {
      return new Webhook(secret).verify(request.body, request.headers);
    } finally {
      Date.now = realNow;
    }
  }

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({
        path,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort ?? 0,
      });
      const queue = this.behaviours.get(path) ?? [];
      const behaviour = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 200 };
      if (behaviour === 'hang') {
        this.held.add(res);
        return;
      }
      res.writeHead(behaviour.status, behaviour.headers ?? {});
      res.end(behaviour.body ?? 'ok');
    });
  }
}
