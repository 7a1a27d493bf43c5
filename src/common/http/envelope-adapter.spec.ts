import express, { type Express, type Request, type Response } from 'express';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopeExpressAdapter, expressPrototypeClasses } from './envelope-adapter';
import { JsonText } from './json-text';

/** What reply() does to a response: its status, headers and the one body given to end(). */
function replied(body: unknown, statusCode?: number) {
  const headers: Record<string, string> = {};
  const sent: { status?: number; body?: string } = {};
  const response = {
    set statusCode(code: number) {
      sent.status = code;
    },
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    end: (text: string) => (sent.body = text),
  } as unknown as Response;
  new EnvelopeExpressAdapter().reply(response, body, statusCode);
  return { ...sent, headers };
}

describe('EnvelopeExpressAdapter.reply', () => {
  it('wraps a result as {data, error: null} in JSON', () => {
    expect(replied({ a: 1, b: 'ü"' }, 201)).toEqual({
      status: 201,
      body: '{"data":{"a":1,"b":"ü\\""},"error":null}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(replied(undefined).body).toBe('{"data":{},"error":null}');
  });

  it('puts a JsonText result in as it is: the bytes JSON.stringify gives for the same value', () => {
    const value = { list: { id: 'x', name: 'a "b"' }, items: [{ text: '\n' }], next_cursor: null };
    expect(replied(new JsonText(JSON.stringify(value))).body).toBe(JSON.stringify({ data: value, error: null }));
  });
});

describe('EnvelopeExpressAdapter.initHttpServer', () => {
  /** The adapter's server, listening on a free port, with a route of its Express app; closes it after. */
  async function withServer(run: (url: string, adapter: EnvelopeExpressAdapter, seen: ServerSide[]) => Promise<void>): Promise<void> {
    const adapter = new EnvelopeExpressAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Express>();
    app.get('/probe', (req: Request, res: Response) => {
      res.status(201).json({ host: req.get('host'), app: req.app === app, reqIsMessage: req instanceof IncomingMessage });
    });
    const server = adapter.getHttpServer() as Server;
    const seen: ServerSide[] = [];
    // Ahead of Express's own listener: what node:http made, before Express touches it.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push({ requestProto: Object.getPrototypeOf(req) as object, responseProto: Object.getPrototypeOf(res) as object });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, adapter, seen);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('has node:http make requests and responses with the prototypes Express gives them, so Express changes none', async () => {
    await withServer(async (url, adapter, seen) => {
      const app = adapter.getInstance<Express>();
      const answer = await fetch(`${url}/probe`);
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ host: new URL(url).host, app: true, reqIsMessage: true });
      expect(seen).toEqual([{ requestProto: app.request, responseProto: app.response }]);
    });
  });

  it("keeps Express's prototype chain: the app, then Express's methods, then node:http's", () => {
    const app = express();
    const [requestMethods, responseMethods] = [Object.getPrototypeOf(app.request) as object, Object.getPrototypeOf(app.response) as object];
    const classes = expressPrototypeClasses(app);
    expect(app.request).toBe(classes.IncomingMessage!.prototype);
    expect(app.response).toBe(classes.ServerResponse!.prototype);
    expect(Object.getPrototypeOf(app.request)).toBe(requestMethods);
    expect(Object.getPrototypeOf(app.response)).toBe(responseMethods);
    expect(Object.getPrototypeOf(requestMethods)).toBe(IncomingMessage.prototype);
    expect(Object.getPrototypeOf(responseMethods)).toBe(ServerResponse.prototype);
    expect(Object.getOwnPropertyDescriptor(app.request, 'app')?.value).toBe(app);
    expect(Object.getOwnPropertyDescriptor(app.response, 'app')?.value).toBe(app);
  });
});

interface ServerSide {
  requestProto: object;
  responseProto: object;
}
