import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { connect, Socket } from 'node:net';
import { PortalClient } from './portal-client';
import type { ServiceProcess } from './service-process';
import { waitFor } from './wait-for';

export const TEST_PASSWORD = 'correct horse battery staple';

/** A fresh account and API key, made over HTTP through the developer portal of a running service. */
export async function signUpWithKey(baseUrl: string): Promise<string> {
  const portal = new PortalClient(baseUrl);
  const suffix = randomBytes(5).toString('hex');
  const signup = await portal.post('signup', {
    email: `fault_${suffix}@example.test`,
    username: `f_${suffix}`,
    name: `Fault ${suffix}`,
    password: TEST_PASSWORD,
  });
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  const created = await portal.post('keys', { label: 'fault spec' });
  if (created.status !== 200) throw new Error(`key creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.data.key as string;
}

export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * One JSON request. Without `agent`, on a connection of its own that closes with the answer, so
 * no idle keep-alive connection lingers to be counted. Rejects on a connection error.
 */
export function jsonRequest(
  port: number,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; agent?: Agent } = {},
): Promise<JsonAnswer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {};
  if (options.key) headers['x-api-key'] = options.key;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A raw TCP connection that records what it receives, for requests no HTTP client would send. */
export class RawConnection {
  readonly socket: Socket;
  received = '';
  readonly closed: Promise<void>;
  private waiters: Array<() => void> = [];

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      this.received += String(chunk);
      this.waiters.forEach((wake) => wake());
    });
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.waiters.forEach((wake) => wake());
        resolve();
      }),
    );
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.socket.connecting) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Resolves once what was received so far contains `text` (or the connection closed without it). */
  async until(text: string): Promise<boolean> {
    while (!this.received.includes(text)) {
      if (this.socket.destroyed) return false;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
      this.waiters = [];
    }
    return true;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Polls /health/ready (each poll on its own connection) until it answers 200; fails at once if the service exits. */
export async function waitUntilReady(service: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      if (service.child.exitCode !== null) throw new Error(`service exited with ${service.child.exitCode}:\n${service.output()}`);
      try {
        return (await jsonRequest(service.port, 'GET', '/health/ready')).status === 200;
      } catch {
        return false; // not listening yet
      }
    },
    { what: `the service on port ${service.port} to be ready`, timeoutMs, intervalMs: 100 },
  );
}

/** Resolves once the child's output matches (waits on its output events; the test's timeout bounds it). */
export function outputMatches(service: ServiceProcess, text: string | RegExp): Promise<void> {
  const found = () => (typeof text === 'string' ? service.output().includes(text) : text.test(service.output()));
  return new Promise((resolve, reject) => {
    if (found()) return resolve();
    const check = () => {
      if (!found()) return;
      service.child.stdout!.off('data', check);
      service.child.stderr!.off('data', check);
      resolve();
    };
    // Registered after spawnService's own listeners, so output() already holds the chunk.
    service.child.stdout!.on('data', check);
    service.child.stderr!.on('data', check);
    void service.exited.then(() =>
      found() ? resolve() : reject(new Error(`service exited before printing ${String(text)}:\n${service.output()}`)),
    );
  });
}
