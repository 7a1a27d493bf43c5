import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DomainError, InvalidInput, MissingScope, NotFoundError, RateLimited, RuleViolation } from '../errors/domain-error';
import { describe as describeError } from './envelope.filter';
import { classifyDatabaseFailure } from '../persistence/database-failure';

describe('describe (error → status and message)', () => {
  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['rule', 422],
    ['gone', 410],
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

  it("answers a domain error's headers beside its status (a missing scope's X-Required-Scope)", () => {
    expect(describeError(new MissingScope('items:write'))).toEqual({
      status: 403,
      message: 'This API key lacks the items:write scope',
      headers: { 'X-Required-Scope': 'items:write' },
    });
  });

  it('keeps the message of Nest client errors and rewrites router 404s', () => {
    expect(describeError(new BadRequestException('name must be a string'))).toMatchObject({
      status: 400,
      message: 'name must be a string',
    });
    expect(describeError(new NotFoundException('Cannot GET /v1/x'), { method: 'GET', path: '/v1/x' } as never)).toEqual({
      status: 404,
      message: 'No route for GET /v1/x',
    });
    expect(describeError(new PayloadTooLargeException())).toMatchObject({ status: 413 });
  });

  it('maps body-parser errors by their type', () => {
    expect(describeError({ type: 'entity.too.large', status: 413, message: 'x' })).toMatchObject({ status: 413 });
    expect(describeError({ type: 'entity.parse.failed', status: 400, message: 'x' })).toMatchObject({ status: 400 });
    expect(describeError({ type: 'charset.unsupported', status: 415, message: 'x' })).toMatchObject({ status: 400, message: /UTF-8/ });
    expect(describeError({ type: 'encoding.unsupported', status: 415, message: 'x' })).toMatchObject({
      status: 400,
      message: /Content-Encoding/,
    });
  });

  it('looks through the HttpException Nest wraps around middleware and router errors', () => {
    const parser = Object.assign(new Error('unsupported content encoding "zstd"'), {
      type: 'encoding.unsupported',
      status: 415,
      statusCode: 415,
      expose: true,
    });
    expect(describeError(new HttpException(parser.message, 415, { cause: parser }))).toMatchObject({
      status: 400,
      message: /Content-Encoding/,
    });
    const domain = new InvalidInput('BODY_TOO_COMPLEX', 'Request body is nested more than 32 levels deep');
    expect(describeError(new HttpException('x', 400, { cause: domain }))).toEqual({ status: 400, message: domain.message });
    const uri = Object.assign(new URIError("Failed to decode param '%zz'"), { status: 400 });
    expect(describeError(new BadRequestException(uri.message, { cause: uri }))).toMatchObject({ status: 404 });
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

describe('classifyDatabaseFailure', () => {
  it('recognises an unreachable database, also wrapped by TypeORM', () => {
    expect(classifyDatabaseFailure({ code: 'ECONNREFUSED' })).toBe('unreachable');
    expect(classifyDatabaseFailure({ code: '08006' })).toBe('unreachable');
    expect(classifyDatabaseFailure({ message: 'x', driverError: { code: '57P01' } })).toBe('unreachable');
    expect(classifyDatabaseFailure(new AggregateError([{ code: 'ECONNREFUSED' }]))).toBe('unreachable');
    expect(classifyDatabaseFailure(new Error('Connection terminated due to connection timeout'))).toBe('unreachable');
    expect(classifyDatabaseFailure(Object.assign(new Error('released'), { name: 'QueryRunnerAlreadyReleasedError' }))).toBe('unreachable');
    expect(classifyDatabaseFailure(Object.assign(new Error('released'), { name: 'QueryRunnerProviderAlreadyReleasedError' }))).toBe(
      'unreachable',
    );
  });

  it('tells a queue from an outage: a pool with no free connection is busy', () => {
    expect(classifyDatabaseFailure(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(classifyDatabaseFailure({ code: '40P01' })).toBe('busy');
  });

  it('recognises time limits, server-side and client-side, and a read-only database', () => {
    expect(classifyDatabaseFailure({ message: 'canceling statement', driverError: { code: '57014' } })).toBe('timed_out');
    expect(classifyDatabaseFailure({ code: '55P03' })).toBe('timed_out');
    expect(classifyDatabaseFailure(new Error('Query read timeout'))).toBe('timed_out');
    expect(classifyDatabaseFailure({ driverError: { code: '25006' } })).toBe('read_only');
  });

  it('does not mistake query errors for an outage', () => {
    expect(classifyDatabaseFailure({ code: '23505', message: 'duplicate key value' })).toBeUndefined();
    expect(classifyDatabaseFailure(new Error('syntax error'))).toBeUndefined();
    expect(classifyDatabaseFailure(undefined)).toBeUndefined();
  });

  it('answers each kind with its own 503 message and Retry-After', () => {
    const busy = describeError(new Error('timeout exceeded when trying to connect'));
    expect(busy).toMatchObject({ status: 503, message: expect.stringMatching(/busy/), headers: { 'Retry-After': '1' } });
    const down = describeError({ code: 'ECONNREFUSED' });
    expect(down).toMatchObject({ status: 503, message: expect.stringMatching(/cannot be reached/), headers: { 'Retry-After': '5' } });
    expect(describeError({ code: '25006' }).message).toMatch(/read-only/);
  });
});
