import { cursorField } from '../ports/cursor-codec';
import { NodeSecretGenerator } from './node-secret-generator';
import { Sha256TokenHasher } from './sha256-token-hasher';
import { UuidGenerator } from './uuid-generator';

describe('the node:crypto adapters of the shared ports', () => {
  it('generates secrets of the bytes asked, in the encoding asked, never the same twice', () => {
    const secrets = new NodeSecretGenerator();
    expect(secrets.generate(32, 'hex')).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.generate(32, 'base64url')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secrets.generate(32, 'base64'), 'base64')).toHaveLength(32);
    expect(secrets.generate(32, 'hex')).not.toBe(secrets.generate(32, 'hex'));
  });

  it('digests tokens as SHA-256 in lower-case hex (the form stored digests have)', () => {
    expect(new Sha256TokenHasher().digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes v4 UUIDs', () => {
    expect(new UuidGenerator().next()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('cursor field checks', () => {
  it.each([
    ['count', cursorField.count, [0, 7, Number.MAX_SAFE_INTEGER], [-1, 1.5, '1', Number.MAX_SAFE_INTEGER + 1]],
    ['digits', cursorField.digits, ['0', '12345678901234567890'], ['', '123456789012345678901', '-1', 1]],
    ['instant', cursorField.instant, ['2026-01-02T03:04:05.006Z', '2026-01-02T03:04:05Z'], ['2026-01-02', '2026-13-02T03:04:05Z', 5]],
    ['uuid', cursorField.uuid, ['00000000-0000-4000-8000-000000000001'], ['x', 1]],
    ['text', cursorField.text, ['', 'a'], [1, null]],
  ] as const)('%s accepts what it should and nothing else', (_name, check, good, bad) => {
    for (const value of good) expect(check(value)).toBe(true);
    for (const value of bad) expect(check(value)).toBe(false);
  });
});
