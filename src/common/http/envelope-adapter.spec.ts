import type { Response } from 'express';
import { EnvelopeExpressAdapter } from './envelope-adapter';
import { JsonText } from './json-text';

/** What reply() does to a response: its status, headers and the one body given to end(). */
function replied(body: unknown, statusCode?: number) {
  const headers: Record<string, string> = {};
  const sent: { status?: number; body?: string } = {};
  const response = {
    set statusCode(code: number) {
      sent.status = code;
    },
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    end: (text: string) => (sent.body = text),
  } as unknown as Response;
  new EnvelopeExpressAdapter().reply(response, body, statusCode);
  return { ...sent, headers };
}

describe('EnvelopeExpressAdapter.reply', () => {
  it('wraps a result as {data, error: null} in JSON', () => {
    expect(replied({ a: 1, b: 'ü"' }, 201)).toEqual({
      status: 201,
      body: '{"data":{"a":1,"b":"ü\\""},"error":null}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(replied(undefined).body).toBe('{"data":{},"error":null}');
  });

  it('puts a JsonText result in as it is: the bytes JSON.stringify gives for the same value', () => {
    const value = { list: { id: 'x', name: 'a "b"' }, items: [{ text: '\n' }], next_cursor: null };
    expect(replied(new JsonText(JSON.stringify(value))).body).toBe(JSON.stringify({ data: value, error: null }));
  });
});
