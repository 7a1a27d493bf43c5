import { Controller, Get, Module, type OnModuleDestroy, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Express, type Request, type Response } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopeExpressAdapter, expressPrototypeClasses } from './envelope-adapter';
import { ShutdownGate } from './http-server';
import { JsonText } from './json-text';
import { NotModified } from './not-modified';

/** What reply() does to a response: its status, headers and the one body given to end(). */
function replied(body: unknown, statusCode?: number) {
  const headers: Record<string, string> = {};
  const sent: { status?: number; body?: string } = {};
  const response = {
    set statusCode(code: number) {
      sent.status = code;
    },
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    end: (text?: string) => (sent.body = text),
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

  it('answers a NotModified result with 304, its ETag and no body', () => {
    expect(replied(new NotModified('"12"'))).toEqual({ status: 304, body: undefined, headers: { etag: '"12"' } });
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

/**
 * What the adapter relies on in Express and Nest, asserted on the packages themselves (see
 * docs/adr/0001-express-prototype-http-server.md). If one of these fails after an upgrade, the
 * prototype trick either does nothing any more (a throughput loss, not a failure) or breaks
 * requests: read the ADR before changing the adapter.
 */
describe('the Express and Nest behaviour the adapter relies on', () => {
  async function listening(server: Server, run: (url: string) => Promise<void>): Promise<void> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('Express (app.handle) sets each request and response prototype to app.request and app.response, read per request', async () => {
    const app = express();
    const seen: boolean[] = [];
    app.get('/probe', (req: Request, res: Response) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
      res.json({});
    });
    // Replaced after express() was made, as expressPrototypeClasses does: Express must read them per request.
    expressPrototypeClasses(app);
    await listening(createServer(app), async (url) => {
      expect((await fetch(`${url}/probe`)).status).toBe(200);
    });
    expect(seen).toEqual([true, true]);
  });

  it('with the adapter, the prototypes Express sets are the ones node:http made the objects with', async () => {
    await withNest(async (app, url) => {
      const instance = (app.getHttpAdapter() as EnvelopeExpressAdapter).getInstance<Express>();
      const server = app.getHttpServer();
      const made: object[] = [];
      server.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
        made.push(Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object),
      );
      const answer = await fetch(`${url}/probe`);
      expect(await answer.json()).toEqual({ data: { same: true }, error: null });
      expect(made).toEqual([instance.request, instance.response]);
    });
  });

  it("Nest hands a route's result to the adapter's reply, and never a result of a route that writes its own response", async () => {
    await withNest(async (app, url) => {
      const adapter = app.getHttpAdapter() as EnvelopeExpressAdapter;
      const reply = jest.spyOn(adapter, 'reply');
      const answer = await fetch(`${url}/probe`);
      expect(await answer.text()).toBe('{"data":{"same":true},"error":null}');
      expect(reply).toHaveBeenCalledTimes(1);
      expect(reply.mock.calls[0][1]).toEqual({ same: true });
      expect(await (await fetch(`${url}/own`)).text()).toBe('own');
      expect(reply).toHaveBeenCalledTimes(1);
    });
  });

  it("Nest builds its server with the adapter's initHttpServer and awaits beforeClose before any lifecycle hook", async () => {
    const order: string[] = [];
    let seen: string[] = [];
    await withNest(async (app) => {
      const gate = new ShutdownGate(1_000);
      jest.spyOn(gate, 'close').mockImplementation(async () => void order.push('gate closed'));
      (app.getHttpAdapter() as EnvelopeExpressAdapter).closeThrough(gate);
      Probe.destroyed = () => order.push('onModuleDestroy');
      await app.close();
      seen = [...order];
    });
    expect(seen).toEqual(['gate closed', 'onModuleDestroy']);
  });
});

@Controller()
class ProbeController {
  @Get('probe')
  probe(): object {
    return { same: true };
  }

  @Get('own')
  own(@Res() response: Response): void {
    response.send('own');
  }
}

@Module({ controllers: [ProbeController] })
class Probe implements OnModuleDestroy {
  static destroyed = (): void => undefined;
  onModuleDestroy(): void {
    Probe.destroyed();
  }
}

/** A Nest application on the adapter, listening on a free port; closed after `run`. */
async function withNest(run: (app: NestExpressApplication, url: string) => Promise<void>): Promise<void> {
  const adapter = new EnvelopeExpressAdapter();
  const app = await NestFactory.create<NestExpressApplication>(Probe, adapter, { logger: false });
  await app.listen(0, '127.0.0.1');
  try {
    expect(app.getHttpServer()).toBe(adapter.getHttpServer());
    await run(app, `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
  } finally {
    await app.close();
  }
}
