import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { noteBody } from '../../../common/http/captured-body';
import { FakeClock } from '../../../common/testing/fake-clock';
import type { CapturedRequest } from '../domain/request-log';
import type { RequestLogBuffer } from '../domain/request-log-buffer';
import { RequestLogMiddleware } from './request-log.middleware';

const principal = { userId: 'u-1', keyId: 'k-1', mode: 'test', listIds: null, scopes: [] };

function exchange(withPrincipal: boolean) {
  const req = {
    method: 'POST',
    originalUrl: '/v1/lists?limit=2',
    route: { path: '/v1/lists' },
    id: 'req-7',
    body: { name: 'Groceries' },
    ...(withPrincipal ? { principal } : {}),
  } as unknown as Request;
  const res = Object.assign(new EventEmitter(), { req, statusCode: 200 }) as unknown as Response;
  return { req, res };
}

describe('RequestLogMiddleware', () => {
  const clock = new FakeClock('2026-11-28T10:00:00.000Z');
  const added: CapturedRequest[] = [];
  const buffer = { add: (request: CapturedRequest) => added.push(request) } as unknown as RequestLogBuffer;
  const middleware = new RequestLogMiddleware(buffer, clock);
  beforeEach(() => (added.length = 0));

  it('hands the buffer a keyed request when its answer finishes: times on the Clock, the route pattern, the bodies', () => {
    const { req, res } = exchange(true);
    const next = jest.fn();
    middleware.use(req, res, next);
    expect(next).toHaveBeenCalledTimes(1);
    const startedAt = clock.now();
    clock.advance(42);
    noteBody(res, '{"data":{},"error":null}');
    res.statusCode = 201;
    expect(added).toEqual([]);
    res.emit('finish');
    expect(added).toEqual([
      {
        mode: 'test',
        userId: 'u-1',
        keyId: 'k-1',
        startedAt,
        durationMs: 42,
        method: 'POST',
        route: '/v1/lists',
        url: '/v1/lists?limit=2',
        status: 201,
        requestId: 'req-7',
        requestBody: { name: 'Groceries' },
        responseBody: '{"data":{},"error":null}',
      },
    ]);
  });

  it('leaves out a request no key was recognised for, and one whose connection closed before its answer', () => {
    const anonymous = exchange(false);
    middleware.use(anonymous.req, anonymous.res, () => undefined);
    anonymous.res.emit('finish');
    const closed = exchange(true);
    middleware.use(closed.req, closed.res, () => undefined);
    closed.res.emit('close');
    expect(added).toEqual([]);
  });
});
