import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../../config/app-config';
import { ServiceMetrics } from './service-metrics';

export const METRICS_PATH = '/metrics';

/**
 * The Prometheus endpoint, `GET /metrics`, on an HTTP server of its own: port METRICS_PORT on
 * METRICS_HOST (127.0.0.1 unless told otherwise), so the API's port and whatever proxy fronts
 * it never expose the metrics (on the API's port, `/metrics` is an unknown route, 404).
 *
 * It listens once the application has booted (a port already taken fails the start, as the
 * API's does) and closes in `beforeApplicationShutdown`: after the API's requests in flight have
 * finished (the drain runs first, docs/adr/0004-graceful-shutdown-through-app-close.md), so
 * the drain can be watched, and before the pools close (onApplicationShutdown), so no scrape
 * reads a closed pool. Its connections (a scraper keeps one alive) are closed with it, so the
 * process still exits at once.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private server?: Server;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: ServiceMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics!;
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      const refused = (error: Error) => reject(new Error(`the metrics server cannot listen on ${host}:${port}: ${error.message}`));
      server.once('error', refused);
      server.listen(port, host, () => {
        server.off('error', refused);
        resolve();
      });
    });
    this.server = server;
    const bound = this.address();
    new Logger('Metrics').log(
      `metrics on http://${bound.address.includes(':') ? `[${bound.address}]` : bound.address}:${bound.port}${METRICS_PATH}`,
    );
  }

  /** Where it listens (with METRICS_PORT=0, the port the system gave it). */
  address(): AddressInfo {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('the metrics server is not listening');
    return address;
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').replace(/\?.*$/s, '');
    if (path !== METRICS_PATH) return this.plain(res, 404, 'Not found: the metrics are at /metrics\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return this.plain(res, 405, 'Method not allowed\n');
    }
    try {
      const text = await this.metrics.registry.metrics();
      res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    } catch (error) {
      new Logger('Metrics').error(`collecting the metrics failed: ${(error as Error).message}`);
      if (!res.headersSent) this.plain(res, 500, 'Collecting the metrics failed\n');
      else res.destroy();
    }
  }

  private plain(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  }
}
