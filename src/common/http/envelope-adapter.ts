import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';
import { createServer, IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import { success } from './envelope';
import { JsonText } from './json-text';

/**
 * The one place a handler's result becomes `{data, error: null}`: Nest hands every value a
 * route returns to its HTTP adapter's `reply`, and errors go through the exception filter,
 * which writes `{data: null, error}` itself. A global interceptor did this before; every
 * interceptor puts an rxjs pipeline around every request, and this costs none (README,
 * "Performance"). Routes that write their own response (`@Res()`: HTML pages, redirects)
 * never reach `reply`, so they are not wrapped.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
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
    this.setHttpServer(createServer(expressPrototypeClasses(app), app));
  }

  /**
   * Written straight to Node's response, as Express's `res.json` would write it (same JSON,
   * same Content-Type; Node adds Content-Length for a body given whole to `end`, and sends no
   * body to a HEAD request), without `res.send`'s per-response MIME lookups, freshness check
   * and conversion of the text to a Buffer. A JsonText result goes into the envelope as it is,
   * the same bytes JSON.stringify gives for `{data, error: null}` with `data` already written.
   */
  override reply(response: Response, body: unknown, statusCode?: number): void {
    if (statusCode !== undefined) response.statusCode = statusCode;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.end(body instanceof JsonText ? `{"data":${body.text},"error":null}` : JSON.stringify(success(body ?? {})));
  }
}

/**
 * Express gives every request and response its prototypes (`app.request`, `app.response`, which
 * hold its methods: `req.get`, `res.status` …) with `Object.setPrototypeOf` on each of them as it
 * arrives (express/lib/application.js, `app.handle`). Measured, not explained by V8's
 * documentation: a bare `node:http` server under 50 connections that did only that to its
 * requests and responses fell from 38,000 to 15,000 req/s, and its young-generation collections
 * went from keeping 10 KB and promoting nothing, 0.3 ms each, to promoting 3 MB, 8.5 ms each;
 * the service's did the same (README, "Where the time goes"). So node:http makes the requests
 * and responses here as instances of subclasses whose prototypes are the ones Express then
 * sets: the same chain as Express's own (the `app` property, then Express's methods, then
 * node:http's), and `Object.setPrototypeOf` of an object to the prototype it already has changes
 * nothing.
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
