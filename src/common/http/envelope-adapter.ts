import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
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
