import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DomainError, NotFoundError, RateLimited, RuleViolation } from '../errors/domain-error';
import { describe as describeError } from './envelope.filter';
import { isDatabaseUnavailable } from './database-unavailable';

describe('describe (error → status and message)', () => {
  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['rule', 422],
    ['unavailable', 503],
  ] as const)('maps a %s domain error to %i with its own message', (kind, status) => {
    expect(describeError(new DomainError(kind, 'CODE', 'human words'))).toEqual({ status, message: 'human words' });
  });

  it('maps a rate-limit error to 429 with Retry-After', () => {
    expect(describeError(new RateLimited(7))).toEqual({
      status: 429,
      message: 'Rate limit exceeded: retry in 7 seconds',
      headers: { 'Retry-After': '7' },
    });
  });

  it('keeps the message of Nest client errors and rewrites router 404s', () => {
    expect(describeError(new BadRequestException('name must be a string'))).toMatchObject({ status: 400, message: 'name must be a string' });
    expect(describeError(new NotFoundException('Cannot GET /v1/x'), { method: 'GET', path: '/v1/x' } as never)).toEqual({
      status: 404,
      message: 'No route for GET /v1/x',
    });
    expect(describeError(new PayloadTooLargeException())).toMatchObject({ status: 413 });
  });

  it('maps body-parser errors by their type', () => {
    expect(describeError({ type: 'entity.too.large', status: 413, message: 'x' })).toMatchObject({ status: 413 });
    expect(describeError({ type: 'entity.parse.failed', status: 400, message: 'x' })).toMatchObject({ status: 400 });
    expect(describeError({ type: 'charset.unsupported', status: 415, message: 'x' })).toMatchObject({ status: 400 });
  });

  it('answers anything else with a generic 500 flagged as unexpected', () => {
    expect(describeError(new Error('SELECT * FROM secrets failed'))).toEqual({
      status: 500,
      message: 'Internal server error',
      unexpected: true,
    });
  });

  it('answers an unreachable database with 503', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(describeError(error)).toMatchObject({ status: 503 });
  });

  it('lets subclasses keep their kind', () => {
    expect(describeError(new NotFoundError('LIST_NOT_FOUND', 'List not found')).status).toBe(404);
    expect(describeError(new RuleViolation('ALREADY_MEMBER', 'Already a member')).status).toBe(422);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, also wrapped by TypeORM', () => {
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'x', driverError: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([{ code: 'ECONNREFUSED' }]))).toBe(true);
  });

  it('does not mistake query errors for an outage', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key value' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
