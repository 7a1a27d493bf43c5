import type { IncomingMessage, ServerResponse } from 'node:http';

/** A connect-style middleware: calls `next()` to go on, `next(error)` to fail, or answers itself. */
export type Middleware<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  next: (error?: unknown) => void,
) => void;

/**
 * Several middlewares as one Express layer, run in the given order. Express dispatches every
 * layer it tries through its router (path matching, parameter processing, a try/catch and a
 * `next` per layer), which is a large share of a small request's CPU (README, "Performance");
 * the front of the stack (request log, shutdown gate, cookies, body) runs on every request, so
 * it is one layer. Behaves as the router would with one layer each: an error (passed to `next`
 * or thrown) skips the rest and goes to the outer `next`, as Express skips the plain
 * middlewares after a failure; a middleware that answers without calling `next` ends the series.
 */
export function series<Req extends IncomingMessage, Res extends ServerResponse>(
  ...middlewares: Array<Middleware<Req, Res>>
): Middleware<Req, Res> {
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown): void => {
      // `next('route')` and `next('router')` are the router's own signals: leave them to it.
      if (error !== undefined && error !== null) return done(error);
      if (index === middlewares.length) return done();
      const middleware = middlewares[index++];
      try {
        middleware(req, res, next);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

/**
 * Runs `middleware` only for requests `applies` to, so that a middleware that only part of the
 * service needs costs the rest nothing (not even a path-matched Express layer).
 */
export function only<Req extends IncomingMessage, Res extends ServerResponse>(
  applies: (req: Req) => boolean,
  middleware: Middleware<Req, Res>,
): Middleware<Req, Res> {
  return (req, res, next) => (applies(req) ? middleware(req, res, next) : next());
}
