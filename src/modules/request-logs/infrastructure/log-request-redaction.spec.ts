import { LogRequestRedaction } from './log-request-redaction';

const redaction = new LogRequestRedaction();
const LIMIT = 8 * 1024;
const KEY = `sk_live_${'a1B2c3D4'.repeat(8)}`;
const TOKEN = 'Zq3xT9pLm2Vb8Nc4Rk7Ws1Yd6Hf5Gj0Ae3Ui9Oo2Pp1';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+sl/abcdefg=';

describe('LogRequestRedaction', () => {
  it('redacts credential-named fields whatever their value, at any depth', () => {
    const body = {
      name: 'Groceries',
      password: 'hunter2 hunter2',
      new_password: 'correct horse',
      nested: [{ token: 'short', secret: 'x', key: 'plain', api_key: 'k', authorization: 'Bearer a' }],
      webhook: { secret: SECRET, url: 'https://example.com/hook' },
    };
    expect(JSON.parse(redaction.body(body, LIMIT)!.text)).toEqual({
      name: 'Groceries',
      password: '[redacted]',
      new_password: '[redacted]',
      nested: [{ token: '[redacted]', secret: '[redacted]', key: '[redacted]', api_key: '[redacted]', authorization: '[redacted]' }],
      webhook: { secret: '[redacted]', url: 'https://example.com/hook' },
    });
  });

  it('masks keys, tokens and webhook secrets wherever they appear, as the service log does', () => {
    const text = JSON.stringify({ data: { note: `use ${KEY}`, url: `https://x.test/shares/${TOKEN}/join`, said: `it is ${SECRET}` } });
    const redacted = redaction.body(text, LIMIT)!.text;
    expect(redacted).not.toContain(KEY.slice(8));
    expect(redacted).toContain('sk_live_[redacted]');
    expect(redacted).not.toContain(TOKEN);
    expect(redacted).not.toContain(SECRET.slice(6));
    expect(redacted).toContain('whsec_[redacted]');
  });

  it('keeps a body that is not JSON as text, masked', () => {
    expect(redaction.body(`not json ${KEY}`, LIMIT)).toEqual({ text: 'not json sk_live_[redacted]', truncated: false });
  });

  it('has no body for nothing, an empty object or an empty text', () => {
    expect(redaction.body(undefined, LIMIT)).toBeNull();
    expect(redaction.body(null, LIMIT)).toBeNull();
    expect(redaction.body({}, LIMIT)).toBeNull();
    expect(redaction.body('', LIMIT)).toBeNull();
    expect(redaction.body([], LIMIT)).toEqual({ text: '[]', truncated: false });
  });

  it('cuts a body at the limit in bytes, never inside a character', () => {
    const body = { text: 'é'.repeat(10) };
    const cut = redaction.body(body, 12)!;
    expect(cut.truncated).toBe(true);
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(12);
    expect(cut.text).toBe('{"text":"é');
    expect(redaction.body(body, 1000)).toEqual({ text: JSON.stringify(body), truncated: false });
  });

  it('reads a long body only up to the limit and a margin, and masks a secret that the cut falls inside', () => {
    const filler = 'x'.repeat(LIMIT - 20);
    for (const tail of [`"secret":"${SECRET}"`, `"share_token":"${TOKEN}"`, `"note":"${TOKEN}${TOKEN}"`, `"key":"${KEY}"`]) {
      const text = `{"text":"${filler}",${tail},"rest":"${'y'.repeat(100_000)}"}`;
      const cut = redaction.body(text, LIMIT)!;
      expect(cut.truncated).toBe(true);
      expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(LIMIT);
      for (const secret of [SECRET.slice(6, 20), TOKEN.slice(0, 12), TOKEN.slice(-12), KEY.slice(8, 20)])
        expect(cut.text).not.toContain(secret);
    }
  });

  it('redacts a credential field whose string value the cut leaves open, and scalars of credential fields', () => {
    const open = redaction.body(`{"password":"${'p'.repeat(20_000)}`, LIMIT)!;
    expect(open).toEqual({ text: '{"password":"[redacted]"', truncated: true });
    expect(redaction.body('{"token": 12345, "secret" : true, "key":null, "token_hint":{"a":"b"}}', LIMIT)!.text).toBe(
      '{"token": "[redacted]", "secret" : "[redacted]", "key":null, "token_hint":{"a":"b"}}',
    );
  });

  it('never takes a quoted text inside a value for a field name', () => {
    const body = { text: 'say "password": "kept" here', note: 'a \\"token": "also kept"' };
    expect(JSON.parse(redaction.body(body, LIMIT)!.text)).toEqual(body);
  });

  it('replaces NUL, which PostgreSQL cannot store, in a body that is not JSON', () => {
    expect(redaction.body('a\0b', LIMIT)).toEqual({ text: 'a\uFFFDb', truncated: false });
  });

  it('stores a path without its query string and with secret-shaped segments masked', () => {
    expect(redaction.path(`/v1/lists?api_key=${KEY}`)).toBe('/v1/lists');
    expect(redaction.path(`/v1/shares/${TOKEN}/join`)).toBe('/v1/shares/[redacted]/join');
  });
});
