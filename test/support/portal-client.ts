import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PortalResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { data: any; error: string | null };
  /** The raw Set-Cookie header for the session cookie, if the response set one. */
  setCookie?: string;
}

export interface SendOptions {
  /** Sent as JSON with `Content-Type: application/json`, unless `headers` says otherwise. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no Content-Type at all (to prove the CSRF check). */
  noContentType?: boolean;
}

/** Listens on a real port (once) and returns the base URL. */
export async function listen(app: INestApplication): Promise<string> {
  const server = app.getHttpServer();
  if (!server.listening) await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A fresh loopback source address (127.x.y.z), so a test's failed sign-ins are
 * counted for its own "client address" and never for other specs sharing the database.
 */
export const uniqueAddress = (): string => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * A browser-like client of the portal API: keeps the session cookie as a browser
 * would, and sends from a chosen loopback address.
 */
export class PortalClient {
  /** The session token the client holds (the cookie's value), if any. */
  session?: string;

  constructor(
    private readonly baseUrl: string,
    readonly address = uniqueAddress(),
  ) {}

  get(path: string, options: Omit<SendOptions, 'body'> = {}): Promise<PortalResponse> {
    return this.send('GET', path, options);
  }

  post(path: string, body?: unknown, options: Omit<SendOptions, 'body'> = {}): Promise<PortalResponse> {
    return this.send('POST', path, { ...options, body });
  }

  send(method: string, path: string, options: SendOptions = {}): Promise<PortalResponse> {
    const url = new URL(`/developers/api/${path}`, this.baseUrl);
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = {};
    if (method !== 'GET' && !options.noContentType) headers['content-type'] = 'application/json';
    if (payload) headers['content-length'] = String(payload.length);
    if (this.session) headers.cookie = `sid=${this.session}`;
    Object.assign(headers, options.headers);
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers, localAddress: this.address }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const setCookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
          if (setCookie) this.session = /^sid=([^;]*)/.exec(setCookie)![1] || undefined;
          resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString()), setCookie });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
}
