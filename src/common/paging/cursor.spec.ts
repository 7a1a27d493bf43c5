import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor';

const shape = { seq: z.number().int().nonnegative() };

describe('cursors', () => {
  it('round-trips what the service encoded', () => {
    expect(decodeCursor(encodeCursor({ seq: 42 }), shape)).toEqual({ seq: 42 });
  });

  it.each([
    ['not base64', '%%%'],
    ['garbage', 'aGVsbG8'],
    ['wrong shape', Buffer.from(JSON.stringify({ v: 1, seq: 'x' })).toString('base64url')],
    ['extra fields', Buffer.from(JSON.stringify({ v: 1, seq: 1, sql: 'drop' })).toString('base64url')],
    ['other version', Buffer.from(JSON.stringify({ v: 2, seq: 1 })).toString('base64url')],
    ['too long', 'a'.repeat(600)],
    ['empty', ''],
  ])('refuses %s with a 400-kind error', (_label, raw) => {
    expect(() => decodeCursor(raw, shape)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'INVALID_CURSOR' }));
  });
});
