import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import type { RequestWithMode } from '../../../common/http/request-mode';
import { currentMode } from '../../../common/persistence/work-context';
import { enterRequestMode, testKey, testModeQuery } from './request-mode.middleware';

const TEST_KEY = `sk_test_${'0'.repeat(64)}`;
const LIVE_KEY = `sk_live_${'0'.repeat(64)}`;

/** Runs the middleware on a request of these headers and query; answers the mode its `next` ran in and the request's mode. */
function pass(isTest: Parameters<typeof enterRequestMode>[0], headers: Record<string, string>, query: Record<string, unknown> = {}) {
  const request = { headers, query } as unknown as Request & RequestWithMode;
  const response = new EventEmitter() as unknown as Response;
  let ranIn: string | undefined;
  enterRequestMode(isTest)(request, response, () => (ranIn = currentMode()));
  response.emit('finish');
  return { ranIn, mode: request.mode };
}

describe('enterRequestMode', () => {
  it("runs a test key's request in test mode, and says so on the request", () => {
    expect(pass(testKey, { 'x-api-key': TEST_KEY })).toEqual({ ranIn: 'test', mode: 'test' });
    expect(pass(testKey, { authorization: `Bearer ${TEST_KEY}` })).toEqual({ ranIn: 'test', mode: 'test' });
  });

  it('passes every other keyed request as it is: X-API-Key first, then a bearer key', () => {
    expect(pass(testKey, { 'x-api-key': LIVE_KEY })).toEqual({ ranIn: 'live', mode: undefined });
    expect(pass(testKey, { 'x-api-key': LIVE_KEY, authorization: `Bearer ${TEST_KEY}` })).toEqual({ ranIn: 'live', mode: undefined });
    expect(pass(testKey, {})).toEqual({ ranIn: 'live', mode: undefined });
  });

  it("runs a developer-page request in the mode its `?mode=` names, and any other value live (the route's check answers 400)", () => {
    expect(pass(testModeQuery, {}, { mode: 'test' })).toEqual({ ranIn: 'test', mode: 'test' });
    expect(pass(testModeQuery, {}, { mode: 'live' })).toEqual({ ranIn: 'live', mode: undefined });
    expect(pass(testModeQuery, {}, { mode: ['test', 'test'] })).toEqual({ ranIn: 'live', mode: undefined });
    expect(pass(testModeQuery, {})).toEqual({ ranIn: 'live', mode: undefined });
  });
});
