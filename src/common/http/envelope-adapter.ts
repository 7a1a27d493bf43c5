import { ExpressAdapter } from '@nestjs/platform-express';
import { success } from './envelope';

/**
 * The one place a handler's result becomes `{data, error: null}`: Nest hands every value a
 * route returns to its HTTP adapter's `reply`, and errors go through the exception filter,
 * which writes `{data: null, error}` itself. A global interceptor did this before; every
 * interceptor puts an rxjs pipeline around every request, and this costs none (README,
 * "Performance"). Routes that write their own response (`@Res()`: HTML pages, redirects)
 * never reach `reply`, so they are not wrapped.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number): unknown {
    return super.reply(response, success((body ?? {}) as object), statusCode);
  }
}
