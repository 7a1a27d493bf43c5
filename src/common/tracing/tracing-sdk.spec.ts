import type { IncomingMessage } from 'node:http';
import { incomingUrlAttributes, outgoingUrlAttributes } from './tracing-sdk';

const KEY = `sk_live_${'7f'.repeat(32)}`;
const TOKEN = 'daNqlCQhWlkc7qEJ7YkR41JonRrzwlg9s19x6zyEdSc';

describe('span URL attributes', () => {
  const incoming = (url: string) => incomingUrlAttributes({ url } as IncomingMessage);

  it("gives an incoming request's path as the log line does, and its query string never", () => {
    expect(incoming('/v1/lists?limit=5')).toEqual({ 'url.path': '/v1/lists', 'url.query': '[redacted]' });
    expect(incoming(`/v1/me?api_key=${KEY}`)).toEqual({ 'url.path': '/v1/me', 'url.query': '[redacted]' });
    expect(incoming(`/v1/shares/${TOKEN}/join`)).toEqual({ 'url.path': '/v1/shares/[redacted]/join' });
    expect(incoming('/v1/lists')).toEqual({ 'url.path': '/v1/lists' });
  });

  it("names an outgoing request by its origin only: a webhook receiver's path and query are its owner's", () => {
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: 'hooks.example', port: 8443, path: `/in/${TOKEN}?sig=x` })).toEqual({
      'url.full': 'https://hooks.example:8443',
    });
    expect(outgoingUrlAttributes({ protocol: 'http:', hostname: '::1', path: '/x' })).toEqual({ 'url.full': 'http://[::1]' });
  });
});
