import { createHash } from 'node:crypto';
import { fingerprintRequest, readIdempotencyKey, routeOperation } from './idempotent-request';

describe('Idempotency-Key header and request fingerprint', () => {
  it('accepts 1-255 characters and refuses anything else with a 400-kind error', () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('a')).toBe('a');
    expect(readIdempotencyKey('k'.repeat(255))).toHaveLength(255);
    const invalid = expect.objectContaining({ kind: 'invalid', code: 'INVALID_IDEMPOTENCY_KEY' });
    expect(() => readIdempotencyKey('')).toThrow(invalid);
    expect(() => readIdempotencyKey('k'.repeat(256))).toThrow(invalid);
    expect(readIdempotencyKey(['a', 'b'])).toBe('a, b');
  });

  it('ignores field order but not values, paths or methods', () => {
    const add = routeOperation('POST', '/v1/actions/add');
    const base = fingerprintRequest(add, { list: 'a', items: ['x', 'y'], nested: { b: 1, a: 2 } });
    expect(fingerprintRequest(add, { nested: { a: 2, b: 1 }, items: ['x', 'y'], list: 'a' })).toBe(base);
    expect(fingerprintRequest(add, { list: 'a', items: ['y', 'x'], nested: { b: 1, a: 2 } })).not.toBe(base);
    expect(fingerprintRequest('POST /v1/actions/remove', { list: 'a', items: ['x', 'y'], nested: { b: 1, a: 2 } })).not.toBe(base);
    expect(fingerprintRequest(routeOperation('PUT', '/v1/actions/add'), { list: 'a', items: ['x', 'y'], nested: { b: 1, a: 2 } })).not.toBe(
      base,
    );
    expect(fingerprintRequest('POST /v1/shares/t/join', undefined)).toBe(fingerprintRequest('POST /v1/shares/t/join', {}));
  });

  it('keeps the digest the store holds for a route: SHA-256 of the method, the URL and the sorted JSON', () => {
    // Records outlive a release by 24 hours: a retry must find the record a request stored before.
    expect(fingerprintRequest(routeOperation('post', '/v1/actions/add?x=1'), { list: 'a', items: ['x'] })).toBe(
      createHash('sha256').update('POST /v1/actions/add?x=1\n{"items":["x"],"list":"a"}').digest('hex'),
    );
  });
});
