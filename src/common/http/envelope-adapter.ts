import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';
import { createServer, IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import { sendEnvelope, successJson } from './envelope';
import { NotModified } from './not-modified';
import type { ShutdownGate } from './http-server';

/**
 * Where a handler's result becomes `{data, error: null}`: Nest hands every value a route
 * returns to its HTTP adapter's `reply`, and errors go through the exception filter; both
 * write the envelope with envelope.ts. Not a global interceptor: Nest's interceptor chain
 * around every request costs `GET /v1/me` about a third of its throughput, and `reply` runs
 * anyway (docs/adr/0014-envelope-written-by-the-adapter-reply.md). Routes that write their own
 * response (`@Res()`: HTML pages, redirects) never reach `reply`, so they are not wrapped.
 * Why the HTTP server is made here: docs/adr/0001-express-prototype-http-server.md.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  private gate?: ShutdownGate;

  /** The graceful shutdown `beforeClose` runs; app.factory.ts hands it over once Nest has made it. */
  closeThrough(gate: ShutdownGate): void {
    this.gate = gate;
  }

  /**
   * Nest's `app.close()` awaits this before any lifecycle hook (`onModuleDestroy`,
   * `beforeApplicationShutdown`, `onApplicationShutdown`): the gate stops taking requests and
   * lets those in flight finish, up to the grace period, while the modules they use are still
   * up. Nest's `close`, after `beforeApplicationShutdown`, then closes the server.
   */
  // Nest awaits what beforeClose returns (HttpServer.beforeClose in @nestjs/common); ExpressAdapter only declares it void.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  override async beforeClose(): Promise<void> {
    super.beforeClose();
    await this.gate?.close(this.getHttpServer());
  }

  /**
   * The HTTP server makes each request and response as an instance of a class whose prototype
   * is Express's own (`expressPrototypeClasses`), so that Express finds them already in place.
   * Options this service does not use (HTTPS, Nest's own connection tracking and 503 on
   * closing) keep Nest's server.
   */
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    // node:http would answer a request without Host with a bare 400; `requireHost` answers it in the envelope.
    this.setHttpServer(createServer({ ...expressPrototypeClasses(app), requireHostHeader: false }, app));
  }

  /**
   * Written straight to Node's response (envelope.ts), as Express's `res.json` would write it,
   * without `res.send`'s per-response MIME lookups, freshness check and conversion of the text
   * to a Buffer. A JsonText result goes into the envelope as it is. A NotModified result is a
   * 304 with its ETag and no body (nor Content-Type): the client's copy is current.
   */
  override reply(response: Response, body: unknown, statusCode?: number): void {
    if (body instanceof NotModified) {
      response.statusCode = 304;
      response.setHeader('ETag', body.etag);
      response.end();
      return;
    }
    sendEnvelope(response, statusCode ?? response.statusCode, successJson(body ?? {}));
  }
}

/**
 * Express gives every request and response its prototypes (`app.request`, `app.response`, which
 * hold its methods: `req.get`, `res.status` …) with `Object.setPrototypeOf` on each of them as it
 * arrives (`app.handle` in express/lib/application.js). V8 handles that change on every fresh
 * object badly: young-generation collections promote far more, and a small request loses about
 * half its throughput (docs/adr/0001-express-prototype-http-server.md). So node:http makes the requests and
 * responses here as instances of subclasses whose prototypes are the ones Express then sets:
 * the same chain as Express's own (the `app` property, then Express's methods, then
 * node:http's), and `Object.setPrototypeOf` of an object to the prototype it already has
 * changes nothing. envelope-adapter.spec.ts fails if Express stops working this way.
 */
export function expressPrototypeClasses(app: Express): ServerOptions<typeof IncomingMessage, typeof ServerResponse<IncomingMessage>> {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse<IncomingMessage> {}
  adopt(ExpressRequest.prototype, app.request);
  adopt(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as Express['request'];
  app.response = ExpressResponse.prototype as Express['response'];
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse };
}

/** `target` takes `source`'s place: its own properties, and the same prototype after it. */
function adopt(target: object, source: object): void {
  Object.setPrototypeOf(target, Object.getPrototypeOf(source) as object);
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(source));
}
