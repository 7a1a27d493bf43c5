import { Injectable, NestMiddleware } from '@nestjs/common';
import type { Request, Response } from 'express';
import { enterModeForRequest } from '../../../common/auth/mode-context';
import { TEST_PREFIX } from '../../keys/domain/api-key';

/**
 * Runs a request that carries a test key (`sk_test_…`, in X-API-Key or, where a route takes it,
 * `Authorization: Bearer`) in test mode (API.md, "Test mode"; mode-context.ts): its guards,
 * handler and every statement they send work on the sandbox's schema. A key's mode is written in
 * its prefix (a key of each mode is issued with its own), so the mode is known before the key
 * is looked up; ApiKeyGuard then checks that the key found is of that mode.
 *
 * A middleware rather than an interceptor: a live request passes with two header reads, while
 * a global interceptor puts Nest's interceptor chain on every request (measured in
 * docs/adr/0007-test-mode-schema-per-mode.md).
 */
@Injectable()
export class KeyModeMiddleware implements NestMiddleware {
  use(request: Request, response: Response, next: () => void): void {
    const key = request.headers['x-api-key'];
    const bearer = request.headers.authorization;
    const test =
      typeof key === 'string' ? key.startsWith(TEST_PREFIX) : typeof bearer === 'string' && bearer.startsWith(`Bearer ${TEST_PREFIX}`);
    if (test) enterModeForRequest('test', response, next);
    else next();
  }
}
