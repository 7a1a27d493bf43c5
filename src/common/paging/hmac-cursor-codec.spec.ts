import { randomBytes } from 'node:crypto';
import { cursorField } from '../ports/cursor-codec';
import { HmacCursorCodec } from './hmac-cursor-codec';

const shape = { seq: cursorField.count };
const unsigned = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('cursors', () => {
  const codec = new HmacCursorCodec(randomBytes(32));

  it('round-trips what the service encoded', () => {
    expect(codec.decode('items', codec.encode('items', { seq: 42 }), shape)).toEqual({ seq: 42 });
  });

  it('is opaque and URL-safe', () => {
    expect(codec.encode('items', { seq: 1 })).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  });

  it('refuses a cursor signed under another secret (another deployment, or a forger)', () => {
    const other = new HmacCursorCodec(randomBytes(32));
    expect(() => codec.decode('items', other.encode('items', { seq: 1 }), shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
  });

  it('refuses a cursor issued for another kind of page', () => {
    expect(() => codec.decode('lists', codec.encode('items', { seq: 1 }), shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
  });

  it('refuses a payload changed under a valid tag', () => {
    const [, tag] = codec.encode('items', { seq: 1 }).split('.');
    expect(() => codec.decode('items', `${unsigned({ v: 1, seq: 2 })}.${tag}`, shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
  });

  it('refuses every other character in any place of the tag, the last one included', () => {
    // The last base64url character of a 16-byte tag carries 4 bits that decoding drops:
    // a cursor that differs only there was not issued by the service either.
    const issued = codec.encode('items', { seq: 3 });
    const [body, tag] = issued.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const accepted: string[] = [];
    for (let at = 0; at < tag.length; at += 1) {
      for (const c of alphabet) {
        if (c === tag[at]) continue;
        const altered = `${body}.${tag.slice(0, at)}${c}${tag.slice(at + 1)}`;
        try {
          codec.decode('items', altered, shape);
          accepted.push(altered);
        } catch {
          // refused, as it must be
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('is the same for every instance holding the same secret', () => {
    const secret = randomBytes(32);
    expect(new HmacCursorCodec(secret).decode('items', new HmacCursorCodec(secret).encode('items', { seq: 7 }), shape)).toEqual({ seq: 7 });
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => new HmacCursorCodec(randomBytes(16))).toThrow(/32 bytes/);
  });

  it.each([
    ['not base64', '%%%'],
    ['garbage', 'aGVsbG8'],
    ['unsigned (the old format)', unsigned({ v: 1, seq: 1 })],
    ['a tag of the wrong length', `${unsigned({ v: 1, seq: 1 })}.AAAA`],
    ['a forged tag', `${unsigned({ v: 1, seq: 1 })}.${'A'.repeat(22)}`],
    ['too long', `${'a'.repeat(8193)}.${'A'.repeat(22)}`],
    ['empty', ''],
  ])('refuses %s with a 400-kind error', (_label, raw) => {
    expect(() => codec.decode('items', raw, shape)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'INVALID_CURSOR' }));
  });

  it('still checks the shape of a signed payload', () => {
    expect(() => codec.decode('items', codec.encode('items', { seq: 'x' }), shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
    expect(() => codec.decode('items', codec.encode('items', { seq: 1, sql: 'drop' }), shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
    expect(() => codec.decode('items', codec.encode('items', {}), shape)).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    expect(() => codec.decode('items', codec.encode('items', { seq: -1 }), shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
    expect(() => codec.decode('items', codec.encode('items', { v: 2, seq: 1 }), shape)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
  });
});
