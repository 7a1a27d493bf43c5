import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP endpoint on 127.0.0.1 that a spec starts, points the service at and stops: what the
 * webhook receivers share. A subclass decides what each request gets; a request it keeps in
 * `held` is never answered, until releaseHeld() or stop() drops it.
 */
export abstract class LocalHttpEndpoint {
  protected readonly held = new Set<ServerResponse>();
  private server!: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  releaseHeld(): void {
    for (const res of this.held) res.destroy();
    this.held.clear();
  }

  async stop(): Promise<void> {
    this.releaseHeld();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): void;
}
