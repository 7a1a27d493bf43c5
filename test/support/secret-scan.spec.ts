import { randomBytes } from 'node:crypto';
import { findSecrets, formatFindings, tokensInText } from './secret-scan';

/** The scanner must find what it is for, or the e2e run's secrets scan proves nothing. */
describe('secrets scan', () => {
  const key = `sk_live_${randomBytes(32).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const password = 'correct horse battery staple';
  const secrets = [
    { kind: 'api key', value: key },
    { kind: 'share token', value: token },
    { kind: 'password', value: password },
  ];

  it('finds a planted secret in a log line or a column value, wherever it sits in the text', () => {
    const findings = findSecrets(
      [
        { where: 'log a line 1', text: '{"level":30,"msg":"GET /v1/me 200"}' },
        { where: 'log a line 2', text: `{"level":50,"err":{"parameters":["${key}"]}}` },
        { where: 'column public.list_shares.token (row 1 of 1)', text: token },
        { where: 'column public.idempotency_keys.response (row 3 of 9)', text: `{"share":{"token":"${token}"}}` },
        { where: 'column public.users.name (row 1 of 1)', text: `x${password}` },
      ],
      secrets,
    );
    expect(findings.map((f) => f.where)).toEqual([
      'log a line 2',
      'column public.list_shares.token (row 1 of 1)',
      'column public.idempotency_keys.response (row 3 of 9)',
      'column public.users.name (row 1 of 1)',
    ]);
  });

  it('finds nothing in clean texts, nor in a secret cut short or changed', () => {
    const texts = [
      { where: 'a', text: key.slice(0, -1) },
      { where: 'b', text: `${token.slice(0, 20)} ${token.slice(20)}` },
      { where: 'c', text: password.toUpperCase() },
      { where: 'd', text: '' },
    ];
    expect(findSecrets(texts, secrets)).toEqual([]);
  });

  it('names the place and the kind of secret, never the secret itself', () => {
    const findings = findSecrets([{ where: 'column public.api_keys.label (row 1 of 1)', text: key }], secrets);
    const report = formatFindings(findings);
    expect(report).toContain('column public.api_keys.label');
    expect(report).toContain('api key "sk_l…" (72 characters)');
    expect(report).not.toContain(key.slice(4, 12));
  });

  it('reports each secret once per text, and several secrets of one text', () => {
    const findings = findSecrets([{ where: 'x', text: `${key} ${key} ${token}` }], secrets);
    expect(findings.map((f) => f.secret.split(' ')[0])).toEqual(['api', 'share']);
  });

  it('picks the tokens out of a mailed text: long URL-safe words with letters and digits, never ids or plain words', () => {
    const verify = 'hQzXwTbVkRmNpLsAeYdGcJ'; // 22 characters, no digit
    const reset = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const text = [
      'Hello Ada,',
      `confirm your address: https://todo.example/developers#verify=${verify}`,
      `or reset: https://todo.example/developers?reset=${reset}&list=0f8fad5b-d9cb-469f-a165-70867728950e`,
      'internationalization_of_everything is not a token, nor is 1234567890123456789012345.',
    ].join('\n');
    expect(tokensInText(text).sort()).toEqual([verify, reset].sort());
    expect(tokensInText('nothing here')).toEqual([]);
  });
});
