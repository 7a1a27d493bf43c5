import type { Request, Response } from 'express';
import type { RequestWithMode } from '../../../common/http/request-mode';
import { enterModeForRequest } from '../../../common/persistence/work-context';
import { TEST_PREFIX } from '../../keys/domain/api-key';

/** Whether a request says it works on the sandbox, and where. */
type TestModeSign = (request: Request) => boolean;

/**
 * A key's mode is written in its prefix (a key of each mode is issued with its own), so the mode
 * is known before the key is looked up; ApiKeyGuard then checks that the key found is of that
 * mode. The key is in X-API-Key or, where a route takes it, `Authorization: Bearer`.
 */
export const testKey: TestModeSign = (request) => {
  const key = request.headers['x-api-key'];
  const bearer = request.headers.authorization;
  return typeof key === 'string' ? key.startsWith(TEST_PREFIX) : typeof bearer === 'string' && bearer.startsWith(`Bearer ${TEST_PREFIX}`);
};

/**
 * The developer page chooses the mode per request (the session is the account's, whatever the
 * mode): `?mode=test` on its routes that work on one mode's data (portal-mode.ts, which also
 * answers 400 to any other value than `live` or `test`).
 */
export const testModeQuery: TestModeSign = (request) => request.query.mode === 'test';

/** The developer page's routes that work on the sandbox alone (its reset): always test. */
export const always: TestModeSign = () => true;

/**
 * The one way a request enters its mode (API.md, "Test mode"; docs/adr/0012-one-ambient-work-context.md):
 * a request that `isTest` says is a sandbox request runs its guards, its handler and every
 * statement they send on the sandbox's schema, and carries `mode: 'test'` (requestMode) for the
 * code that passes the mode on as data. Every other request passes as it is.
 *
 * A Nest functional middleware rather than an interceptor: a live request passes with two header
 * reads, while a global interceptor puts Nest's interceptor chain on every request, about a
 * quarter of `GET /v1/me`'s cost (docs/adr/0007-test-mode-schema-per-mode.md).
 */
export function enterRequestMode(isTest: TestModeSign) {
  return function requestModeMiddleware(request: Request & RequestWithMode, response: Response, next: () => void): void {
    if (!isTest(request)) return next();
    request.mode = 'test';
    enterModeForRequest('test', response, next);
  };
}
