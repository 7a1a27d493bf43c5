import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Middleware, only, series } from './middleware-series';

const req = { url: '/v1/me' } as IncomingMessage;
const res = {} as ServerResponse;

function recorder(log: string[], name: string, outcome: 'next' | 'answer' | 'fail' | 'throw' = 'next'): Middleware {
  return (_req, _res, next) => {
    log.push(name);
    if (outcome === 'next') next();
    if (outcome === 'fail') next(new Error(name));
    if (outcome === 'throw') throw new Error(name);
  };
}

describe('series', () => {
  it('runs every middleware in order, then goes on', () => {
    const log: string[] = [];
    const done = jest.fn();
    series(recorder(log, 'a'), recorder(log, 'b'), recorder(log, 'c'))(req, res, done);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith();
  });

  it('stops at a middleware that answers the request itself', () => {
    const log: string[] = [];
    const done = jest.fn();
    series(recorder(log, 'a'), recorder(log, 'gate', 'answer'), recorder(log, 'c'))(req, res, done);
    expect(log).toEqual(['a', 'gate']);
    expect(done).not.toHaveBeenCalled();
  });

  it('hands an error, passed on or thrown, to the outer next and skips the rest', () => {
    for (const outcome of ['fail', 'throw'] as const) {
      const log: string[] = [];
      const done = jest.fn();
      series(recorder(log, 'a'), recorder(log, 'body', outcome), recorder(log, 'c'))(req, res, done);
      expect(log).toEqual(['a', 'body']);
      expect(done).toHaveBeenCalledTimes(1);
      expect(done).toHaveBeenCalledWith(new Error('body'));
    }
  });

  it('goes on when a middleware calls next later (a body read from the stream)', async () => {
    const log: string[] = [];
    let resume!: () => void;
    const later = new Promise<void>((resolve) => (resume = resolve));
    const finished = new Promise<void>((resolve) => {
      const slow: Middleware = (_req, _res, next) => {
        log.push('slow');
        void later.then(() => next());
      };
      series(slow, recorder(log, 'after'))(req, res, () => resolve());
    });
    expect(log).toEqual(['slow']);
    resume();
    await finished;
    expect(log).toEqual(['slow', 'after']);
  });
});

describe('only', () => {
  it('runs the middleware for the requests it applies to, and skips it for the others', () => {
    const log: string[] = [];
    const developers = only((r) => r.url!.startsWith('/developers'), recorder(log, 'cookies'));
    const done = jest.fn();
    developers({ url: '/v1/me' } as IncomingMessage, res, done);
    developers({ url: '/developers/api/session' } as IncomingMessage, res, done);
    expect(log).toEqual(['cookies']);
    expect(done).toHaveBeenCalledTimes(2);
  });
});
